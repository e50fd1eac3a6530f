import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { ServerContext } from '../context.js';
import { sessionViewer } from '../features/auth/sessions.js';
import { preloadCookieParser } from '../http/cookiePlugin.js';
import { installErrorHandler } from '../http/errors.js';
import { installInputCheck } from '../http/inputCheck.js';
import { installOriginCheck } from '../http/origin.js';
import { installSecurityHeaders } from '../http/security.js';
import type { AppInstance } from '../http/types.js';
import { installViewer } from '../http/viewer.js';
import { s3MediaOrigin } from '../storage/s3Storage.js';

/**
 * What every request goes through before its route, in this order: (admission, installed first by
 * app.ts) the input check, the Origin check, the viewer, and for ActivityPub the federation bridge;
 * with the error handler, security headers, compression, cookies and uploads around them.
 */
export async function installRequestPipeline(app: AppInstance, ctx: ServerContext): Promise<void> {
  const { config } = ctx;
  installErrorHandler(app);
  installSecurityHeaders(app, config.storage.driver === 's3' ? [s3MediaOrigin(config.storage.s3!)] : []);
  // JSON and the SPA shell compressed for browsers that ask (brotli at a fast level); the built
  // assets are compressed once at build time and sent as they are (preCompressed)
  await app.register(fastifyCompress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } },
    zlibOptions: { level: 6 },
  });
  await preloadCookieParser();
  await app.register(fastifyCookie);
  // image uploads (profile picture, cover); each route sets its own size cap
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 6 } });
  installInputCheck(app);
  installOriginCheck(app, config.publicUrl);
  installViewer(app, sessionViewer(ctx.db));
  // ActivityPub (/.well-known/webfinger, /ap/...): Fedify behind a Fastify onRequest hook
  ctx.federation?.installBridge(app);
}

/** The OpenAPI document of every route registered after it, and its viewer at /api/docs. */
export async function installApiDocs(app: AppInstance): Promise<void> {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Askbox API', version: '0.1.0', description: 'JSON API of Askbox. Errors are { error: { code, message } }.' },
    },
    transform: jsonSchemaTransform,
  });
  // /api/docs gets a CSP of its own: scripts from this server only (swagger-ui's bootstrap is a
  // file; any inline one would be allowed by hash), inline styles as the app allows them, nothing
  // from other origins, no framing; upgrade-insecure-requests would break a plain-http laptop
  await app.register(fastifySwaggerUi, {
    routePrefix: '/api/docs',
    staticCSP: true,
    transformStaticCSP: (header) =>
      header
        .replace(/ upgrade-insecure-requests;/, '')
        .replace("frame-ancestors 'self'", "frame-ancestors 'none'")
        .replace(/ https:/g, '')
        .replace(' validator.swagger.io', '')
        .replace(/style-src 'self'[^;]*;/, "style-src 'self' 'unsafe-inline';"),
  });
}
