import type { FastifyInstance } from 'fastify';

const csp = (imageOrigins: string[]) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    ["img-src 'self' data: blob:", ...imageOrigins].join(' '),
    "connect-src 'self'",
    "font-src 'self'",
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

/**
 * Strict CSP (no inline script) and the usual hardening headers on every response. `imageOrigins`:
 * where pictures may also come from (the S3 bucket that /media/ redirects to).
 */
export function installSecurityHeaders(app: FastifyInstance, imageOrigins: string[] = []): void {
  const CSP = csp(imageOrigins);
  app.addHook('onSend', async (_request, reply, payload) => {
    // every response, the API docs included: swagger-ui's own hook (staticCSP in app.ts) then puts
    // a policy of its own there, with hashes of its inline bootstrap instead of 'unsafe-inline'
    reply.header('content-security-policy', CSP);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'same-origin');
    reply.header('x-frame-options', 'DENY');
    return payload;
  });
}
