import fs from 'node:fs';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config.js';
import { describeDatabaseUrl, waitForDatabase } from './db/availability.js';
import { DataDirLockedError, DataDirUnusableError } from './db/lock.js';
import { MigrationError, migrateDatabase } from './db/migrate.js';
import { openDatabase } from './db/open.js';
import { startPgliteMaintenance } from './db/pgliteMaintenance.js';
import { answerSnapshotRequests } from './db/snapshotRequests.js';
import { startupLog } from './http/startupLog.js';
import { warmUpReadPaths } from './composition/warmUp.js';

async function main(): Promise<void> {
  // settings may come from a .env file in the working directory (see .env.example)
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  const config = loadConfig();
  const log = startupLog(config);
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    databaseDirectUrl: config.databaseDirectUrl,
    dataDir: config.dataDir,
    pgliteSharedBuffers: config.pgliteSharedBuffers,
    log,
  });
  // a database that is not up yet (started together with Askbox, restarting) is waited for
  const where = database.kind === 'postgres' ? describeDatabaseUrl(database.url) : 'DATA_DIR';
  await waitForDatabase(() => migrateDatabase(database, log), log, where);
  const app = await buildApp(config, database);
  // the embedded database has no autovacuum of its own (decision 192)
  const maintenance = database.kind === 'pglite' ? startPgliteMaintenance(database.pglite, app.log) : null;
  // `cli backup` while this runs: a snapshot of the embedded database on request (decision 297)
  const stopSnapshots = database.kind === 'pglite' ? answerSnapshotRequests(database.pglite, config.dataDir, app.log) : null;

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down: unready at once, finishing the requests under way');
    // requests under way get SHUTDOWN_DRAIN_SECONDS; connections still open then are cut
    const drained = setTimeout(() => app.server.closeAllConnections(), config.shutdownDrainSeconds * 1000);
    drained.unref();
    await app.close();
    clearTimeout(drained);
    await maintenance?.stop();
    stopSnapshots?.();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  // the embedded database's first requests would pay for its cold start (decision 351)
  // (best effort: a warm-up that fails only leaves the first requests slower, never the server down)
  if (database.kind === 'pglite') {
    await warmUpReadPaths(database.db).then(
      (warmed) => app.log.info(`Warmed the read paths of the embedded database in ${Math.round(warmed.ms)} ms (${warmed.rounds} rounds)`),
      (error: unknown) => app.log.warn({ err: error }, 'could not warm the read paths of the embedded database; going on'),
    );
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(`Askbox is running at ${config.publicUrl}`);
  app.log.info(`Database: ${database.kind === 'pglite' ? `embedded, in ${config.dataDir}` : 'PostgreSQL'}`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DataDirUnusableError || error instanceof MigrationError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
