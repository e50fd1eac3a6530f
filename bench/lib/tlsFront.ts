/**
 * The bench's reverse proxy, in a process of its own: HTTPS on loopback (the test certificate) in
 * front of the app's plain HTTP, as nginx terminates TLS in front of Askbox in production
 * (docs/operations.md). Requests and answers pass through unchanged, Host included (HTTP
 * Signatures cover it). Forked by bench/fediverse-mentions.ts: `ready` (its origin) once
 * listening; `{ backend: port }` names the app's port; `close` ends it.
 */
import http from 'node:http';
import { startTlsServer } from '../../packages/server/src/test/tls.js';

export type FrontMessage = { type: 'ready'; origin: string };

if (!process.send) throw new Error('bench/lib/tlsFront.ts runs forked by a bench');
const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
let backendPort = 0;
const front = await startTlsServer();
front.handle((req, res) => {
  const upstream = http.request({ host: '127.0.0.1', port: backendPort, method: req.method, path: req.url, headers: req.headers, agent }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  req.pipe(upstream);
});
process.on('message', (message: { backend: number } | { type: 'close' }) => {
  if ('backend' in message) backendPort = message.backend;
  else void front.close().then(() => process.exit(0));
});
process.send({ type: 'ready', origin: front.origin } satisfies FrontMessage);
