import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type RawReplyDefaultExpression, type RawRequestDefaultExpression, type RawServerDefault } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import fastifyStatic from '@fastify/static';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import type { Config } from './config.js';
import type { ServerContext } from './context.js';
import type { Database } from './db/open.js';
import { installErrorHandler } from './http/errors.js';
import { installOriginCheck } from './http/origin.js';
import { installSecurityHeaders } from './http/security.js';
import { installViewer } from './http/viewer.js';
import { authRoutes } from './features/auth/routes.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { pushRoutes } from './push/routes.js';
import { loadVapidKeys } from './push/vapid.js';
import { startPushWorker } from './push/worker.js';
import { EventBus } from './realtime/bus.js';
import { LiveHub } from './realtime/hub.js';
import { liveRoutes } from './realtime/routes.js';
import { followRoutes } from './features/follows/routes.js';
import { blockRoutes } from './features/blocks/routes.js';
import { profileRoutes } from './features/profiles/routes.js';
import { mediaRoutes } from './storage/routes.js';
import { friendRoutes } from './features/friends/routes.js';
import { questionsRoutes } from './features/questions/routes.js';
import { answersRoutes } from './features/answers/routes.js';
import { likesRoutes } from './features/likes/routes.js';
import { feedRoutes } from './features/feed/routes.js';
import { adminRoutes } from './features/admin/routes.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The context the features got (tests call services and hooks with it). */
    ctx: ServerContext;
  }
}

export type AppInstance = FastifyInstance<RawServerDefault, RawRequestDefaultExpression, RawReplyDefaultExpression, FastifyBaseLogger, ZodTypeProvider>;

const defaultWebDist = fileURLToPath(new URL('../../web/dist', import.meta.url));

/** Builds the whole HTTP app on an open database; tests build one per file, main.ts one per process. */
export async function buildApp(config: Config, database: Database): Promise<AppInstance> {
  const app = Fastify({
    logger: { level: config.logLevel },
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const bus = await EventBus.start(database, app.log);
  const live = new LiveHub(bus, database.db, app.log, config.sseHeartbeatMs);
  const vapid = await loadVapidKeys(database.db, config);
  const worker = config.push.worker ? startPushWorker(database.db, vapid, { ...config.push, log: app.log }) : null;
  const ctx: ServerContext = { config, database, db: database.db, bus, live, push: { vapid, worker } };
  app.decorate('ctx', ctx);
  // open SSE streams would keep the server from closing: end them first
  app.addHook('preClose', async () => live.closeAll());
  app.addHook('onClose', async () => {
    await worker?.stop();
    await bus.close();
  });

  installErrorHandler(app);
  installSecurityHeaders(app);
  await app.register(fastifyCookie);
  // image uploads (profile picture, cover); each route sets its own size cap
  await app.register(fastifyMultipart, { limits: { files: 1, fields: 5, parts: 6 } });
  installOriginCheck(app, config.publicUrl);
  installViewer(app, ctx);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Askbox API', version: '0.1.0', description: 'JSON API of Askbox. Errors are { error: { code, message } }.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs' });

  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) => {
    try {
      await ctx.db.execute(sql`select 1`);
      return { ok: true };
    } catch {
      return reply.status(503).send({ error: { code: 'database_unavailable', message: 'The database does not answer' } });
    }
  });

  // Each feature registers its own routes; the list reads like the product.
  await authRoutes(app, ctx);
  await notificationRoutes(app, ctx);
  await liveRoutes(app, ctx);
  await pushRoutes(app, ctx);
  await followRoutes(app, ctx);
  await blockRoutes(app, ctx);
  await profileRoutes(app, ctx);
  await friendRoutes(app, ctx);
  await mediaRoutes(app, ctx);
  await questionsRoutes(app, ctx);
  await answersRoutes(app, ctx);
  await likesRoutes(app, ctx);
  await feedRoutes(app, ctx);
  await adminRoutes(app, ctx);

  serveWebApp(app, config.webDistDir ?? defaultWebDist);
  return app;
}

/** Serves the built PWA with an SPA fallback; API 404s stay JSON. */
function serveWebApp(app: AppInstance, distDir: string): void {
  const indexFile = path.join(distDir, 'index.html');
  const indexHtml = fs.existsSync(indexFile) ? fs.readFileSync(indexFile) : null;
  if (indexHtml) {
    void app.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      setHeaders(res, filePath) {
        // hashed assets are immutable; the shell and the service worker must always be revalidated
        if (filePath.includes(`${path.sep}assets${path.sep}`)) res.header('cache-control', 'public, max-age=31536000, immutable');
        else res.header('cache-control', 'no-cache');
      },
    });
  } else {
    app.log.warn(`web app not built (${indexFile} missing): run "npm run build"`);
  }
  app.setNotFoundHandler((request, reply) => {
    const url = request.url.split('?')[0] ?? '/';
    const isPage = request.method === 'GET' && !url.startsWith('/api/') && !path.extname(url);
    if (!isPage || !indexHtml) return reply.status(404).send({ error: { code: 'not_found', message: `No route ${request.method} ${url}` } });
    return reply.header('cache-control', 'no-cache').type('text/html').send(indexHtml);
  });
}
