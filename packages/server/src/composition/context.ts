import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { systemClock, type Clock } from '../clock.js';
import type { Config } from '../config.js';
import type { AppContext, ServerContext } from '../context.js';
import { LIKE_COUNT_FOLD_MS, createLikeCountFold } from '../db/counters.js';
import type { Database } from '../db/open.js';
import { loadLinkSecret } from '../email/links.js';
import { createMailer } from '../email/mailer.js';
import { createEmailWorker, runEmailBatch } from '../email/worker.js';
import { startFederation } from '../federation/startFederation.js';
import type { Admission } from '../http/admission.js';
import type { AppInstance } from '../http/types.js';
import { loadWebShell } from '../http/webShell.js';
import { Metrics } from '../metrics/registry.js';
import { OutboundClient, type OutboundNetwork } from '../net/outbound.js';
import { installMetrics } from '../metrics/routes.js';
import { outboxCounts } from '../outbox/batch.js';
import { outboxQueues } from '../outbox/queues.js';
import { serverPackageDir } from '../paths.js';
import { loadVapidKeys } from '../push/vapid.js';
import { createPushWorker } from '../push/worker.js';
import { createRunner } from '../outbox/runner.js';
import { createFollowerQuestionWorker } from '../features/followerQuestions/worker.js';
import { createImportWorker } from '../features/archive/service.js';
import { endLapsedSuspensions } from '../features/moderation/suspension.js';
import { sweepOrphanPictures } from '../features/answerExtras/service.js';
import { purgeOldFilteredQuestions } from '../features/filtered/service.js';
import { closeCardThreads } from '../features/cards/service.js';

/** How often timed suspensions whose end passed are lifted (a sign-in lifts its own at once). */
const SUSPENSION_SWEEP_MS = 15_000;
import { EventBus } from '../realtime/bus.js';
import { Runtime } from '../runtime.js';
import { LiveHub } from '../realtime/hub.js';

export interface ContextOptions {
  clock?: Clock;
  /** Tests only: a certificate push requests trust besides the usual roots (a local push service). */
  pushCa?: string | Buffer;
  /** Tests only: how outgoing requests resolve names and which certificates they trust (net/outbound.ts). */
  outboundNetwork?: Partial<OutboundNetwork>;
  /** Tests only: how often pending like-count changes are folded; null: never (the test folds them). */
  likeCountFoldMs?: number | null;
}

const defaultWebDist = path.join(serverPackageDir, '../web/dist');

/**
 * The running server's context, built once and never changed afterwards: the live plumbing, the
 * push, email and federation runtimes with their workers, the like-count fold and the metrics.
 * Each background pass starts once the app is loaded and stops when it closes (hooks on `app`):
 * on the embedded database their queries run on this thread, and started earlier they held up
 * plugin loading past its timeout after a crash.
 */
export async function buildServerContext(
  app: AppInstance,
  config: Config,
  database: Database,
  admission: Admission | null,
  options: ContextOptions,
): Promise<ServerContext> {
  const log: FastifyBaseLogger = app.log;
  const clock = options.clock ?? systemClock;
  const base: AppContext = { config, database, db: database.db, clock, runtime: new Runtime() };
  const lease = config.outboxLeaseSeconds;

  const bus = await EventBus.start(database, log);
  const live = new LiveHub(bus, database.db, log, config.sseHeartbeatMs);
  bus.onResume(() => live.resyncAll());

  const vapid = await loadVapidKeys(database.db, config);
  const network = options.outboundNetwork ?? {};
  const pushOutbound = new OutboundClient(
    { allow: config.push.allowPrivateAddresses ? 'private' : undefined, allowedHosts: config.push.allowedServices },
    { ...network, ca: options.pushCa ?? network.ca },
  );
  const pushTransport = { policy: config.push, outbound: pushOutbound };
  const pushWorker = config.push.worker
    ? createPushWorker({
        db: database.db,
        vapid,
        transport: pushTransport,
        maxAttempts: config.push.maxAttempts,
        leaseSeconds: lease,
        pollMs: config.push.pollMs,
        log,
      })
    : null;

  // every like and unlike leaves its change to the counts pending, folded in here (decision 199)
  const foldMs = options.likeCountFoldMs === undefined ? LIKE_COUNT_FOLD_MS : options.likeCountFoldMs;
  const likeCountFold = foldMs === null ? null : createLikeCountFold(database.db, log, foldMs);

  const mailer = createMailer({ smtpUrl: config.email.smtpUrl, from: config.email.from, log });
  const emailDeps = {
    db: database.db,
    clock,
    publicUrl: config.publicUrl,
    linkSecret: await loadLinkSecret(database.db),
    mailer,
    maxAttempts: config.email.maxAttempts,
    leaseSeconds: lease,
    digestHourUtc: config.email.digestHourUtc,
    log,
    sweeps: [(now: Date) => purgeOldFilteredQuestions(database.db, now), () => sweepOrphanPictures(database.db, config)],
  };
  const emailWorker = config.email.worker ? createEmailWorker({ ...emailDeps, pollMs: config.email.pollMs }) : null;

  const metrics =
    config.metrics.token || config.metrics.port !== undefined ? new Metrics(database, () => live.size, admission && (() => admission.waiting)) : null;
  if (metrics) {
    for (const [name, queue] of Object.entries(outboxQueues(config))) metrics.addOutbox(name, () => outboxCounts(database.db, queue.table, queue.maxAttempts));
    const listener = await installMetrics(app, metrics, { ...config.metrics, host: config.host });
    metrics.port = listener.port;
    app.addHook('onClose', () => listener.close());
  }

  // timed suspensions end by themselves: their end is in the database, this pass only applies it
  const suspensionSweep = createRunner({
    name: 'suspensions',
    pollMs: SUSPENSION_SWEEP_MS,
    log,
    batch: 100,
    runPass: () => endLapsedSuspensions(base),
  });

  // 'Ask my followers' is answered at once and fanned out here, after the answer
  const followerQuestions = createFollowerQuestionWorker(base, log);
  // account archives are imported here, an answer at a time, after the upload is answered
  const archiveImports = createImportWorker(base, log);

  app.addHook('onReady', async () => {
    suspensionSweep.start();
    followerQuestions.start();
    archiveImports.start();
    pushWorker?.start();
    likeCountFold?.start();
    emailWorker?.start();
  });
  // open SSE streams would keep the server from closing: end them first
  app.addHook('preClose', async () => live.closeAll());
  app.addHook('onClose', async () => {
    await suspensionSweep.stop();
    await followerQuestions.stop();
    await archiveImports.stop();
    await pushWorker?.stop();
    await likeCountFold?.stop();
    pushTransport.outbound.close();
    await emailWorker?.stop();
    mailer.close();
    await bus.close();
    await closeCardThreads();
  });

  return {
    ...base,
    bus,
    live,
    push: { vapid, worker: pushWorker, transport: pushTransport },
    likeCountFold,
    email: { mailer, linkSecret: emailDeps.linkSecret, worker: emailWorker, runBatch: () => runEmailBatch(emailDeps) },
    metrics,
    followerQuestions,
    archiveImports,
    webShell: loadWebShell(config.webDistDir ?? defaultWebDist),
    // ActivityPub (/.well-known/webfinger, /ap/...): Fedify behind a Fastify onRequest hook
    federation: config.federation.enabled ? startFederation(app, base, network) : null,
  };
}
