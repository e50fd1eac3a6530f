import type { PushTransport } from './push/deliver.js';
import type { Clock } from './clock.js';
import type { Config } from './config.js';
import type { Database, Db } from './db/open.js';
import type { Mailer } from './email/mailer.js';
import type { EmailWorker } from './email/worker.js';
import type { Metrics } from './metrics/registry.js';
import type { FederationRuntime } from './federation/startFederation.js';
import type { WebShell } from './http/webShell.js';
import type { VapidKeys } from './push/vapid.js';
import type { PushWorker } from './push/worker.js';
import type { Runner } from './outbox/runner.js';
import type { EventBus } from './realtime/bus.js';
import type { LiveHub } from './realtime/hub.js';
import type { Runtime } from './runtime.js';

/** What every feature's routes and services get: the settings and the database. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** The time for rules that depend on it (reset link expiry, digests); tests move their own. */
  clock: Clock;
  /** Caches and work in flight, owned by this context (runtime.ts). */
  runtime: Runtime;
  /** Set by buildApp; absent in one-shot processes such as the admin CLI. */
  push?: { vapid: VapidKeys; worker: PushWorker | null };
}

/**
 * The running server's context: also the live plumbing. Services emit domain events (the live
 * channel publishes them with NOTIFY) and need none of this; only the SSE endpoint does.
 */
export interface ServerContext extends AppContext {
  /** LISTEN side of the live events. */
  bus: EventBus;
  /** This instance's open SSE streams. */
  live: LiveHub;
  push: { vapid: VapidKeys; worker: PushWorker | null; transport: PushTransport };
  /** Folds pending like-count changes into the stored counts (null when a test folds them itself); stopped with the server. */
  likeCountFold: Runner | null;
  /** Emails: the transport, the key of unsubscribe links, this instance's worker; `runBatch` sends due rows now. */
  email: { mailer: Mailer; linkSecret: Buffer; worker: EmailWorker | null; runBatch(): Promise<number> };
  /** Prometheus metrics when configured (METRICS_TOKEN / METRICS_PORT); an outbox worker adds its queue with `addOutbox`. */
  metrics: Metrics | null;
  /** The web app's index.html, for pages that add share-card tags to it. */
  webShell: WebShell;
  /** ActivityPub, unless FEDERATION=off. */
  federation: FederationRuntime | null;
  /** Fans 'Ask my followers' questions out after their answer (features/followerQuestions/worker.ts). */
  followerQuestions: Runner;
  /** Imports account archives in the background, resuming a stopped one (features/archive/worker.ts). */
  archiveImports: Runner;
}
