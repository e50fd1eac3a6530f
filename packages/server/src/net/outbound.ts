import dns from 'node:dns/promises';
import https from 'node:https';
import type { LookupAddress } from 'node:dns';
import net from 'node:net';
import tls from 'node:tls';
import { hostMatches, isPublicAddress, OutboundAddressError, type OutboundOptions } from './outboundAddress.js';

/**
 * The one path for every request Askbox makes to an address someone else gave it: federation
 * documents, keys and deliveries, Web Push. Each hop, redirects included, is judged by the
 * outgoing-address guard: https only, no credentials, and the host resolved ONCE, every address
 * public, the connection made to the address that was judged (no second look-up a DNS answer
 * could change in between). Hops, bytes and time are bounded.
 */

/** How host names are resolved and which certificates are trusted; tests replace parts of it. */
export interface OutboundNetwork {
  /** Every address `host` resolves to. */
  resolve(host: string): Promise<string[]>;
  /** Certificates trusted besides the usual roots (tests: a local https server). */
  ca?: string | Buffer;
  /** Tests only: `address:port` pairs judged public (a local stand-in for a server on the internet). */
  standIns?: readonly string[];
}

export const systemResolve = async (host: string) => (await dns.lookup(host, { all: true, verbatim: true })).map((a) => a.address);

/** Too many redirects, too big, too slow: the remote server is not answering like one we talk to. */
export class OutboundLimitError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutboundLimitError';
  }
}

/** Too slow: no answer within the time limit, which a later try may get. */
export class OutboundTimeoutError extends OutboundLimitError {
  constructor() {
    super('No answer in time');
    this.name = 'OutboundTimeoutError';
  }
}

/** The network's own failures, which a later try may not meet (not TLS or certificate errors, which stay). */
const TRANSIENT_NETWORK_CODES = new Set(['ECONNRESET', 'ECONNREFUSED', 'ECONNABORTED', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN']);

/** A request that failed on the way (a reset, a refused connection, no answer in time), not by what the server answered. */
export function isTransientNetworkFailure(error: unknown): boolean {
  if (error instanceof OutboundTimeoutError) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && TRANSIENT_NETWORK_CODES.has(code);
}

export interface OutboundRequestInit {
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Redirects followed (each hop judged again); 0: a 3xx is the answer. */
  maxRedirects?: number;
  maxBytes?: number;
  /** For the whole request, every hop included. */
  timeoutMs?: number;
  /** Runs on each hop's request before it is sent (an HTTP Signature covers the hop's URL). */
  prepare?: (request: Request) => Promise<Request>;
}

export interface OutboundResponse {
  status: number;
  headers: Headers;
  /** the URL of the last hop */
  url: string;
  body: Buffer;
  redirects: number;
}

const DEFAULTS = { maxRedirects: 5, maxBytes: 1024 * 1024, timeoutMs: 15_000 };
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export class OutboundClient {
  private readonly agent: https.Agent;
  private readonly network: OutboundNetwork;

  constructor(
    private readonly policy: OutboundOptions,
    network: Partial<OutboundNetwork> = {},
  ) {
    this.network = { resolve: systemResolve, ...network };
    const ca = this.network.ca ? [...tls.rootCertificates, this.network.ca.toString()] : undefined;
    // one TLS context for every connection: given as `ca`, the ~150 roots were parsed again for each new one
    this.agent = new https.Agent({ keepAlive: true, maxSockets: 16, secureContext: tls.createSecureContext(ca ? { ca } : {}) });
  }

  async request(input: string | URL, init: OutboundRequestInit = {}): Promise<OutboundResponse> {
    const { maxRedirects, maxBytes, timeoutMs } = { ...DEFAULTS, ...init };
    const signal = AbortSignal.timeout(timeoutMs);
    let url = parseUrl(input);
    let method = init.method ?? 'GET';
    let body = init.body;
    for (let redirects = 0; ; redirects++) {
      const target = await withDeadline(this.judge(url), signal);
      let request = new Request(url, { method, headers: init.headers, body });
      if (init.prepare) request = await init.prepare(request);
      const response = await this.send(request, target, signal, maxBytes);
      const location = response.headers.get('location');
      if (!REDIRECTS.has(response.status) || !location || maxRedirects === 0) return { ...response, redirects };
      if (redirects >= maxRedirects) throw new OutboundLimitError(`More than ${maxRedirects} redirects`);
      url = parseUrl(new URL(location, url));
      if (response.status === 303 || (method === 'POST' && response.status !== 307 && response.status !== 308)) {
        method = 'GET';
        body = undefined;
      }
    }
  }

  /** Closes the kept-alive connections (the server is stopping). */
  close(): void {
    this.agent.destroy();
  }

  /** The address to connect to for `url`, or an OutboundAddressError: the guard, for one hop. */
  private async judge(url: URL): Promise<{ host: string; address: string; family: 4 | 6 }> {
    if (url.protocol !== 'https:') throw new OutboundAddressError('Only https addresses are allowed');
    if (url.username || url.password) throw new OutboundAddressError('Addresses with credentials are not allowed');
    const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
    const { allowedHosts } = this.policy;
    if (allowedHosts?.length && !allowedHosts.some((pattern) => hostMatches(host, pattern))) {
      throw new OutboundAddressError(`${host} is not an allowed service`);
    }
    let addresses: string[];
    try {
      addresses = net.isIP(host) ? [host] : await this.network.resolve(host);
    } catch {
      throw new OutboundAddressError(`Cannot resolve ${host}`);
    }
    const port = url.port || '443';
    const allowed = (address: string) =>
      this.policy.allow === 'private' || isPublicAddress(address) || (this.network.standIns ?? []).includes(`${address}:${port}`);
    if (addresses.length === 0 || !addresses.every(allowed)) throw new OutboundAddressError(`${host} is not a public address`);
    const address = addresses[0]!;
    return { host, address, family: net.isIPv6(address) ? 6 : 4 };
  }

  private async send(
    request: Request,
    target: { host: string; address: string; family: 4 | 6 },
    signal: AbortSignal,
    maxBytes: number,
  ): Promise<Omit<OutboundResponse, 'redirects'>> {
    const url = new URL(request.url);
    const headers: Record<string, string> = {};
    request.headers.forEach((value, name) => (headers[name] = value));
    headers.host ??= url.host;
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    if (body) headers['content-length'] = String(body.length);
    return this.exchange(target, url, request.method, headers, body, signal, maxBytes);
  }

  /**
   * One request and its answer. A kept-alive connection the server closes just as the request
   * arrives (its idle time ran out) fails before any answer: the request is sent again, and the
   * pool hands out another connection or opens a new one; a new connection's failure is the answer.
   */
  private exchange(
    target: { host: string; address: string; family: 4 | 6 },
    url: URL,
    method: string,
    headers: Record<string, string>,
    body: Buffer | undefined,
    signal: AbortSignal,
    maxBytes: number,
  ): Promise<Omit<OutboundResponse, 'redirects'>> {
    // the judged address, whatever a new look-up would say now
    const lookup = (_hostname: string, options: { all?: boolean }, callback: (...args: unknown[]) => void) => {
      if (options.all) callback(null, [{ address: target.address, family: target.family } satisfies LookupAddress]);
      else callback(null, target.address, target.family);
    };
    return new Promise((resolve, reject) => {
      let answered = false;
      const outgoing = https.request(
        {
          host: target.host,
          port: url.port || 443,
          path: `${url.pathname}${url.search}`,
          method,
          headers,
          agent: this.agent,
          lookup: lookup as never,
          servername: net.isIP(target.host) ? undefined : target.host,
          signal,
        },
        (incoming) => {
          answered = true;
          const chunks: Buffer[] = [];
          let size = 0;
          const answer = () => {
            const responseHeaders = new Headers();
            for (const [name, value] of Object.entries(incoming.headers)) {
              if (Array.isArray(value)) value.forEach((v) => responseHeaders.append(name, v));
              else if (value !== undefined) responseHeaders.set(name, value);
            }
            resolve({ status: incoming.statusCode ?? 0, headers: responseHeaders, url: url.href, body: Buffer.concat(chunks) });
          };
          if (REDIRECTS.has(incoming.statusCode ?? 0)) {
            incoming.resume();
            incoming.on('end', answer);
            return;
          }
          incoming.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > maxBytes) {
              outgoing.destroy();
              reject(new OutboundLimitError(`The answer is larger than ${maxBytes} bytes`));
              return;
            }
            chunks.push(chunk);
          });
          incoming.on('end', answer);
          incoming.on('error', (error) => reject(signal.aborted ? new OutboundTimeoutError() : error));
        },
      );
      outgoing.on('error', (error) => {
        if (signal.aborted) reject(new OutboundTimeoutError());
        else if (!answered && outgoing.reusedSocket && isTransientNetworkFailure(error))
          this.exchange(target, url, method, headers, body, signal, maxBytes).then(resolve, reject);
        else reject(error);
      });
      outgoing.end(body);
    });
  }
}

/** `work`, or an OutboundLimitError once `signal` fires (a DNS look-up counts against the time limit too). */
function withDeadline<T>(work: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(new OutboundTimeoutError());
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(new OutboundTimeoutError());
    signal.addEventListener('abort', onAbort, { once: true });
    work.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

function parseUrl(input: string | URL): URL {
  try {
    return new URL(input);
  } catch {
    throw new OutboundAddressError('Not a valid URL');
  }
}
