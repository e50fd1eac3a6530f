import path from 'node:path';
import Fastify from 'fastify';
import type { DestinationStream } from 'pino';
import zlib from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import fastifyMultipart from '@fastify/multipart';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import type { ServerContext } from './context.js';
import type { Database } from './db/open.js';
import { createAdmission, installAdmission } from './http/admission.js';
import { preloadCookieParser } from './http/cookiePlugin.js';
import { installErrorHandler, sendFrameworkError } from './http/errors.js';
import { installInputCheck } from './http/inputCheck.js';
import { installRouteTable } from './http/routeTable.js';
import { redactedErrorSerializer, redactPaths } from './http/logRedaction.js';
import { installOriginCheck } from './http/origin.js';
import { installSecurityHeaders } from './http/security.js';
import { s3MediaOrigin } from './storage/s3Storage.js';
import type { AppInstance } from './http/types.js';
import { installViewer } from './http/viewer.js';
import { loadWebShell, serveWebApp } from './http/webShell.js';
import { authRoutes } from './features/auth/routes.js';
import { sessionViewer } from './features/auth/sessions.js';
import { notificationRoutes } from './features/notifications/routes.js';
import { pushRoutes } from './push/routes.js';
import { loadVapidKeys } from './push/vapid.js';
import { createPushWorker } from './push/worker.js';
import { OutboundClient, type OutboundNetwork } from './net/outbound.js';
import { outboxCounts } from './outbox/outbox.js';
import { LIKE_COUNT_FOLD_MS, createLikeCountFold } from './db/counters.js';
import { installHealthChecks } from './http/health.js';
import { emailOutbox, federationDeliveries, pushNotifications } from './db/schema/index.js';
import { Metrics } from './metrics/registry.js';
import { installMetrics } from './metrics/routes.js';
import { loadLinkSecret } from './email/links.js';
import { createMailer } from './email/mailer.js';
import { emailRoutes } from './email/routes.js';
import { createEmailWorker, runEmailBatch } from './email/worker.js';
import { EventBus } from './realtime/bus.js';
import { LiveHub } from './realtime/hub.js';
import { liveRoutes } from './realtime/routes.js';
import { followRoutes } from './features/follows/routes.js';
import { blockRoutes } from './features/blocks/routes.js';
import { mutedWordsRoutes } from './features/mutedWords/routes.js';
import { profileRoutes } from './features/profiles/routes.js';
import { mediaRoutes } from './storage/routes.js';
import { friendRoutes } from './features/friends/routes.js';
import { questionsRoutes } from './features/questions/routes.js';
import { answersRoutes } from './features/answers/routes.js';
import { likesRoutes } from './features/likes/routes.js';
import { feedRoutes } from './features/feed/routes.js';
import { adminRoutes } from './features/admin/routes.js';
import { settingsRoutes } from './features/settings/routes.js';
import { accountRoutes } from './features/account/routes.js';
import { startFederation } from './federation/index.js';
import { federationRoutes } from './federation/routes.js';
import { sharingRoutes } from './features/sharing/routes.js';
import { cardsRoutes } from './features/cards/routes.js';
import { PrettyLogStream, resolveLogFormat } from './http/logFormat.js';
import { moderationRoutes } from './features/moderation/routes.js';
import { serverPackageDir } from './paths.js';

export interface BuildOptions {
  clock?: Clock;
  /** Tests only: a certificate push requests trust besides the usual roots (a local push service). */
  pushCa?: string | Buffer;
  /** Tests only: how outgoing requests resolve names and which certificates they trust (net/outbound.ts). */
  outboundNetwork?: Partial<OutboundNetwork>;
  /** Tests only: where the logs go instead of stdout. */
  logStream?: DestinationStream;
  /** Tests only: how often pending like-count changes are folded; null: never (the test folds them). */
  likeCountFoldMs?: number | null;
}

const defaultWebDist = path.join(serverPackageDir, '../web/dist');

/**
 * Builds the whole HTTP app on an open database; tests build one per file (with a clock they
 * move), main.ts one per process.
 */
export async function buildApp(config: Config, database: Database, options: BuildOptions = {}): Promise<AppInstance> {
  const app = Fastify({
    // secrets never reach the logs: cookies, passwords, hashes, emails, query parameters (issue 11);
    // on a terminal, one readable line per request (LOG_FORMAT)
    logger: {
      level: config.logLevel,
      redact: { paths: redactPaths, censor: '[redacted]' },
      serializers: { err: redactedErrorSerializer },
      stream: options.logStream ?? (resolveLogFormat(config.logFormat) === 'pretty' && config.logLevel !== 'silent' ? new PrettyLogStream() : undefined),
    },
    // a hop count trusts that many X-Forwarded-For hops from the right (the ones our proxies added)
    trustProxy: typeof config.trustProxy === 'number' ? (_address: string, hop: number) => hop < (config.trustProxy as number) : config.trustProxy,
    bodyLimit: 1024 * 1024,
    frameworkErrors: sendFrameworkError,
    // shutting down, requests that arrive on open connections are still served (health.ts closes
    // their connections after them) instead of a 503 the client would have to retry
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();
  // the first hook of every request: with the database in this thread, served in the order they were read (decision 194)
  const admission = database.kind === 'pglite' ? createAdmission() : null;
  if (admission) installAdmission(app, admission);
  installRouteTable(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const bus = await EventBus.start(database, app.log);
  const live = new LiveHub(bus, database.db, app.log, config.sseHeartbeatMs);
  bus.onResume(() => live.resyncAll());
  const vapid = await loadVapidKeys(database.db, config);
  const network = options.outboundNetwork ?? {};
  const pushOutbound = new OutboundClient(
    { allow: config.push.allowPrivateAddresses ? 'private' : undefined, allowedHosts: config.push.allowedServices },
    { ...network, ca: options.pushCa ?? network.ca },
  );
  const pushTransport = { policy: config.push, outbound: pushOutbound };
  const lease = config.outboxLeaseSeconds;
  const worker = config.push.worker
    ? createPushWorker({
        db: database.db,
        vapid,
        transport: pushTransport,
        maxAttempts: config.push.maxAttempts,
        leaseSeconds: lease,
        pollMs: config.push.pollMs,
        log: app.log,
      })
    : null;
  // every like and unlike leaves its change to the counts pending, folded in here (decision 199)
  const foldMs = options.likeCountFoldMs === undefined ? LIKE_COUNT_FOLD_MS : options.likeCountFoldMs;
  const likeCountFold = foldMs === null ? null : createLikeCountFold(database.db, app.log, foldMs);
  const clock = options.clock ?? systemClock;
  const mailer = createMailer({ smtpUrl: config.email.smtpUrl, from: config.email.from, log: app.log });
  const emailDeps = {
    db: database.db,
    clock,
    publicUrl: config.publicUrl,
    linkSecret: await loadLinkSecret(database.db),
    mailer,
    maxAttempts: config.email.maxAttempts,
    leaseSeconds: lease,
    digestHourUtc: config.email.digestHourUtc,
    log: app.log,
  };
  const emailWorker = config.email.worker ? createEmailWorker({ ...emailDeps, pollMs: config.email.pollMs }) : null;
  const metrics =
    config.metrics.token || config.metrics.port !== undefined ? new Metrics(database, () => live.size, admission && (() => admission.waiting)) : null;
  const ctx: ServerContext = {
    config,
    database,
    db: database.db,
    clock,
    bus,
    live,
    push: { vapid, worker, transport: pushTransport },
    likeCountFold,
    email: { mailer, linkSecret: emailDeps.linkSecret, worker: emailWorker, runBatch: () => runEmailBatch(emailDeps) },
    metrics,
    webShell: loadWebShell(config.webDistDir ?? defaultWebDist),
    federation: null,
  };
  app.decorate('ctx', ctx);
  if (metrics) {
    metrics.addOutbox('push', () => outboxCounts(database.db, pushNotifications, config.push.maxAttempts));
    metrics.addOutbox('email', () => outboxCounts(database.db, emailOutbox, config.email.maxAttempts));
    metrics.addOutbox('federation', () => outboxCounts(database.db, federationDeliveries, config.federation.maxAttempts));
    const listener = await installMetrics(app, metrics, { ...config.metrics, host: config.host });
    metrics.port = listener.port;
    app.addHook('onClose', () => listener.close());
  }
  // the background passes start once every plugin is loaded: on the embedded database their queries
  // run on this thread, and started earlier they held up plugin loading past its timeout after a crash
  app.addHook('onReady', async () => {
    worker?.start();
    likeCountFold?.start();
    emailWorker?.start();
  });
  // open SSE streams would keep the server from closing: end them first
  app.addHook('preClose', async () => live.closeAll());
  app.addHook('onClose', async () => {
    await worker?.stop();
    await likeCountFold?.stop();
    pushTransport.outbound.close();
    await emailWorker?.stop();
    mailer.close();
    await bus.close();
  });

  installErrorHandler(app);
  installSecurityHeaders(app, config.storage.driver === 's3' ? [s3MediaOrigin(config.storage.s3!)] : []);
  // JSON and the SPA shell compressed for browsers that ask (brotli at a fast level); the built
  // assets are compressed once at build time and sent as they are (preCompressed below)
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
  if (config.federation.enabled) ctx.federation = startFederation(app, ctx, network);

  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Askbox API', version: '0.1.0', description: 'JSON API of Askbox. Errors are { error: { code, message } }.' },
    },
    transform: jsonSchemaTransform,
  });
  // /api/docs gets a CSP of its own (issue 11): scripts from this server only (swagger-ui's bootstrap
  // is a file; any inline one would be allowed by hash), inline styles as the app allows them,
  // nothing from other origins, no framing; upgrade-insecure-requests would break a plain-http laptop
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

  installHealthChecks(app, ctx.db);

  // Each feature registers its own routes; the list reads like the product.
  await authRoutes(app, ctx);
  await notificationRoutes(app, ctx);
  await liveRoutes(app, ctx);
  await pushRoutes(app, ctx);
  await followRoutes(app, ctx);
  await blockRoutes(app, ctx);
  await mutedWordsRoutes(app, ctx);
  await profileRoutes(app, ctx);
  await friendRoutes(app, ctx);
  await mediaRoutes(app, ctx);
  await questionsRoutes(app, ctx);
  await answersRoutes(app, ctx);
  await likesRoutes(app, ctx);
  await feedRoutes(app, ctx);
  await adminRoutes(app, ctx);
  await settingsRoutes(app, ctx);
  await accountRoutes(app, ctx);
  await emailRoutes(app, ctx);
  await sharingRoutes(app, ctx);
  await cardsRoutes(app, ctx);
  await moderationRoutes(app, ctx);
  if (ctx.federation) await federationRoutes(app, ctx);

  serveWebApp(app, ctx.webShell);
  return app;
}
