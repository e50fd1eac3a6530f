import fs from 'node:fs';
import https from 'node:https';
import { fileURLToPath } from 'node:url';
import type { AddressInfo } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { Agent, setGlobalDispatcher } from 'undici';

/**
 * HTTPS on loopback for federation tests: ActivityPub looks people up over https only
 * (WebFinger of acct: handles), so the test servers speak TLS with a self-signed certificate
 * for 127.0.0.1 and this process's fetch trusts it. Test-only key material; never used elsewhere.
 */
const certificate = fs.readFileSync(new URL('./tls/localhost.crt', import.meta.url));
/** The test certificate (for 127.0.0.1), for clients that must trust a test server (the push agent). */
export const testCertificate = certificate;
export const testCertificatePath = fileURLToPath(new URL('./tls/localhost.crt', import.meta.url));
export const testPrivateKey = fs.readFileSync(new URL('./tls/localhost.key', import.meta.url));
const privateKey = fs.readFileSync(new URL('./tls/localhost.key', import.meta.url));

let trusted = false;

/** Makes this process's fetch (Fedify's, the delivery worker's) trust the test certificate. */
export function trustTestCertificate(): void {
  if (trusted) return;
  setGlobalDispatcher(new Agent({ connect: { ca: certificate } }));
  trusted = true;
}

export interface TlsServer {
  origin: string;
  /** What answers requests; set once the app behind it is built (its config needs the origin first). */
  handle(handler: (req: IncomingMessage, res: ServerResponse) => void): void;
  close(): Promise<void>;
}

export async function startTlsServer(): Promise<TlsServer> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const server = https.createServer({ key: privateKey, cert: certificate }, (req, res) => handler(req, res));
  // idle connections kept as long as Fastify keeps them in production (72 s), not Node's 5 s: on a
  // loaded machine the client's own 4 s idle limit fires late, and a request sent on a connection
  // the server is closing at that moment fails with ECONNRESET
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `https://127.0.0.1:${port}`,
    handle(next) {
      handler = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
