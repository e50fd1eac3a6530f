import type { Config } from './config.js';
import type { Database, Db } from './db/open.js';
import type { VapidKeys } from './push/vapid.js';
import type { PushWorker } from './push/worker.js';
import type { EventBus } from './realtime/bus.js';
import type { LiveHub } from './realtime/hub.js';

/** What every feature's routes and services get: the settings, the database and the live plumbing. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
  /** LISTEN side of the live events (publish with `publishLive(tx, ...)`). */
  bus: EventBus;
  /** This instance's open SSE streams. */
  live: LiveHub;
  push: { vapid: VapidKeys; worker: PushWorker | null };
}
