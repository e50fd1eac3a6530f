import dns from 'node:dns/promises';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import net from 'node:net';

/**
 * The outgoing-address guard, one for every address users or remote servers give us (federation
 * inboxes and actor documents, push endpoints): fetched only when they are https and every
 * address their host resolves to is public. Checked when the address is saved and right before
 * each request, since DNS can change; `publicOnlyLookup` checks again at connect time, so a name
 * that resolves differently between the check and the connection still cannot reach inward.
 */
export class OutboundAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundAddressError';
  }
}

export interface OutboundOptions {
  /** Tests only: allow loopback and private addresses (a local peer server). */
  allow?: 'private';
  /**
   * When not empty, the host must be one of these names, or below a `*.example.com` pattern's
   * domain (push: an operator may allow only the browser vendors' push services).
   */
  allowedHosts?: readonly string[];
}

/** Whether `host` is `pattern` or, for `*.domain`, a subdomain of that domain. */
export function hostMatches(host: string, pattern: string): boolean {
  const name = host.toLowerCase().replace(/\.$/, '');
  const wanted = pattern.toLowerCase().trim();
  if (wanted.startsWith('*.')) return name.endsWith(wanted.slice(1)) && name.length > wanted.length - 1;
  return name === wanted;
}

const blocked = new net.BlockList();
for (const [prefix, bits] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv4');
}
for (const [prefix, bits] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64 of any IPv4 address
  ['100::', 64],
  ['2001::', 32], // Teredo
  ['2001:db8::', 32],
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6');
}

/** Whether `address` (an IP literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  // IPv4-mapped (::ffff:a.b.c.d) and IPv4-compatible forms: judge the IPv4 address inside
  const mapped = /^(?:::ffff:(?:0:)?|::)(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return isPublicAddress(mapped[1]!);
  const hexMapped = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hexMapped) {
    const [hi, lo] = [parseInt(hexMapped[1]!, 16), parseInt(hexMapped[2]!, 16)];
    return isPublicAddress(`${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`);
  }
  return !blocked.check(address, 'ipv6');
}

/** Throws unless `input` is an https URL whose host resolves only to public addresses. Returns the parsed URL. */
export async function assertPublicHttpsUrl(input: string | URL, options: OutboundOptions = {}): Promise<URL> {
  let url: URL;
  try {
    url = new URL(input);
  } catch {
    throw new OutboundAddressError('Not a valid URL');
  }
  if (url.protocol !== 'https:') throw new OutboundAddressError('Only https addresses are allowed');
  if (url.username || url.password) throw new OutboundAddressError('Addresses with credentials are not allowed');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (options.allowedHosts?.length && !options.allowedHosts.some((pattern) => hostMatches(host, pattern))) {
    throw new OutboundAddressError(`${host} is not an allowed service`);
  }
  if (options.allow === 'private') return url;
  let addresses: string[];
  try {
    addresses = net.isIP(host) ? [host] : (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);
  } catch {
    throw new OutboundAddressError(`Cannot resolve ${host}`);
  }
  if (addresses.length === 0 || !addresses.every(isPublicAddress)) throw new OutboundAddressError(`${host} is not a public address`);
  return url;
}

type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s) agents that refuses, at connect time, a host resolving to any non-public
 * address (an IP literal skips lookup: `assertPublicHttpsUrl` judges those before the request).
 */
export function publicOnlyLookup(hostname: string, options: { all?: boolean; family?: number | string }, callback: LookupCallback): void {
  dnsLookup(hostname, { family: options.family as number | undefined, all: true, verbatim: true }, (error, addresses) => {
    if (error) return callback(error, '');
    const refused = addresses.length === 0 || !addresses.every((a) => isPublicAddress(a.address));
    if (refused) return callback(Object.assign(new OutboundAddressError(`${hostname} is not a public address`), { code: 'EADDRNOTPUBLIC' }), '');
    if (options.all) return callback(null, addresses);
    return callback(null, addresses[0]!.address, addresses[0]!.family);
  });
}
