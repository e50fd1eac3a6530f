import type { Config } from './config.js';
import type { Database, Db } from './db/open.js';

/** What every feature's routes and services get: the settings and the database. */
export interface AppContext {
  config: Config;
  database: Database;
  db: Db;
}
