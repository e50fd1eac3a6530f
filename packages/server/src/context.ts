import type { Config } from './config.js';
import type { Database, Db } from './db/open.js';
import type { VapidKeys } from './push/vapid.js';
import type { PushWorker } from './push/worker.js';
import type { EventBus } from './realtime/bus.js';
import type { LiveHub } from './realtime/hub.js';

/** What every feature's routes and services get: the settings and the database. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** Set by buildApp; absent in one-shot processes such as the admin CLI. */
  push?: { vapid: VapidKeys; worker: PushWorker | null };
}

/**
 * The running server's context: also the live plumbing. Services publish live events with
 * `publishLive(tx, ...)` and need none of this; only the SSE endpoint does.
 */
export interface ServerContext extends AppContext {
  /** LISTEN side of the live events. */
  bus: EventBus;
  /** This instance's open SSE streams. */
  live: LiveHub;
  push: { vapid: VapidKeys; worker: PushWorker | null };
}
