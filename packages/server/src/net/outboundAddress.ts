import dns from 'node:dns/promises';
import net from 'node:net';

/**
 * The outgoing-address guard, one for every address users or remote servers give us (federation
 * inboxes and actor documents, push endpoints): fetched only when they are https and every
 * address their host resolves to is public. `assertPublicHttpsUrl` checks an address when it is
 * saved; every request goes through net/outbound.ts, which judges each hop with `isPublicAddress`
 * and connects to the very address it judged.
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
  ['192.88.99.0', 24], // 6to4 relay anycast
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
  ['64:ff9b:1::', 48], // local-use NAT64 (RFC 8215)
  ['100::', 64],
  ['2001::', 32], // Teredo
  ['2001:2::', 48], // benchmarking
  ['2001:10::', 28], // ORCHID
  ['2001:20::', 28], // ORCHIDv2
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated, still routed inward by some networks)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(prefix, bits, 'ipv6');
}
/** IPv6 global unicast: everything outside it (unique local, link-local, multicast, NAT64, SRv6...) is not the internet. */
const globalUnicast = new net.BlockList();
globalUnicast.addSubnet('2000::', 3, 'ipv6');

/** The eight 16-bit groups of an IPv6 literal (with `::` expanded and a trailing dotted quad folded in). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase().replace(/%.*$/, '');
  const quad = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (quad) {
    const [a, b, c, d] = quad.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, quad.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const parse = (part: string | undefined) => (part ? part.split(':').map((g) => parseInt(g, 16)) : []);
  const front = parse(head);
  const back = parse(tail);
  return tail === undefined ? front : [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/** The IPv4 address in groups 6 and 7 (or `hi` and `lo`), dotted. */
const dotted = (hi: number, lo: number) => `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;

/**
 * The IPv4 address an IPv6 address stands for, when it embeds one that reaches the IPv4 network:
 * mapped (::ffff:a.b.c.d), translated (::ffff:0:a.b.c.d), compatible (::a.b.c.d) and 6to4
 * (2002:aabb:ccdd::/16). Judged as that IPv4 address, so '::ffff:7f00:1' or '2002:7f00:1::' is
 * loopback. (NAT64 prefixes are refused whole, below.)
 */
function embeddedIpv4(groups: number[]): string | null {
  const [g0, g1, g2, , g4, g5, g6, g7] = groups as [number, number, number, number, number, number, number, number];
  const zeroTo = (end: number) => groups.slice(0, end).every((g) => g === 0);
  if (zeroTo(5) && g5 === 0xffff) return dotted(g6, g7);
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return dotted(g6, g7);
  if (zeroTo(6) && (g6 !== 0 || g7 > 1)) return dotted(g6, g7);
  if (g0 === 0x2002) return dotted(g1, g2);
  return null;
}

/** Whether `address` (an IP literal) is a public unicast address. */
export function isPublicAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 4) return !blocked.check(address, 'ipv4');
  if (family !== 6) return false;
  const inner = embeddedIpv4(ipv6Groups(address));
  if (inner) return isPublicAddress(inner);
  const bare = address.replace(/%.*$/, '');
  return globalUnicast.check(bare, 'ipv6') && !blocked.check(bare, 'ipv6');
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
