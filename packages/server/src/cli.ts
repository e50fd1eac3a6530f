import fs from 'node:fs';
import { systemClock } from './clock.js';
import { ConfigError, loadConfig } from './config.js';
import { DataDirLockedError, DataDirUnusableError } from './db/lock.js';
import { MigrationError, migrateDatabase } from './db/migrate.js';
import { openDatabase } from './db/open.js';
import { databaseCommands, runCommand } from './cli/commands.js';
import { helpText } from './cli/help.js';
import { CliError, type CliIo } from './cli/io.js';
import { backup, isBackupRestore, restoreBackup } from './cli/backup.js';
import { Runtime } from './runtime.js';

/**
 * The operator's command line: `npm run cli -- <command>`. Returns the exit code
 * (0 done, 1 refused or failed, 2 usage error) so tests can run it in-process.
 */
export async function cliMain(argv: string[], env: NodeJS.ProcessEnv, io: CliIo & { err(line: string): void }): Promise<number> {
  const [command = 'help', ...args] = argv;
  if (['help', '--help', '-h'].includes(command)) {
    io.out(helpText);
    return 0;
  }
  if (command === 'backup' || isBackupRestore(command, args)) {
    // these open (or fill) the database themselves, and restore must not create one first
    try {
      const config = loadConfig(env);
      if (command === 'backup') await backup(config, io, args[0]);
      else await restoreBackup(config, io, args[0]!);
      return 0;
    } catch (error) {
      return exitCodeOf(error, io);
    }
  }
  if (!databaseCommands.has(command)) {
    io.err(`Unknown command "${command}".\n\n${helpText}`);
    return 2;
  }

  let database;
  try {
    const config = loadConfig(env);
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      databaseDirectUrl: config.databaseDirectUrl,
      dataDir: config.dataDir,
      pgliteSharedBuffers: config.pgliteSharedBuffers,
    });
    await migrateDatabase(database);
    await runCommand({ config, database, db: database.db, clock: systemClock, runtime: new Runtime() }, io, command, args);
    return 0;
  } catch (error) {
    return exitCodeOf(error, io);
  } finally {
    await database?.close();
  }
}

// run only when started as a program (tests import cliMain)
if (process.argv[1] && import.meta.url === new URL(`file://${fs.realpathSync(process.argv[1])}`).href) {
  // settings may come from a .env file in the working directory, like the server
  if (fs.existsSync('.env')) process.loadEnvFile('.env');
  cliMain(process.argv.slice(2), process.env, { out: (line) => console.log(line), err: (line) => console.error(line) })
    .then((code) => process.exit(code))
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}

/** A failure the operator can act on, said in one line with its exit code; anything else is a bug and is thrown. */
function exitCodeOf(error: unknown, io: { err(message: string): void }): number {
  if (error instanceof CliError) {
    io.err(error.message);
    return error.exitCode;
  }
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof DataDirUnusableError || error instanceof MigrationError) {
    io.err(error.message);
    return 1;
  }
  throw error;
}
