import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as tar from 'tar';
import { PGlite } from '@electric-sql/pglite';
import type { Config } from '../config.js';
import { acquireDataDirLock, DataDirLockedError } from '../db/lock.js';
import { migrateDatabase } from '../db/migrate.js';
import { openDatabase, pgliteExtensions } from '../db/open.js';
import { requestSnapshot, snapshotAnswerer } from '../db/snapshotRequests.js';
import { TWO_FACTOR_KEY_FILE } from '../features/twoFactor/service.js';
import { CliError, type CliIo } from './io.js';

/**
 * One archive (tar.gz) holds what an instance needs beyond its settings: the embedded database
 * (PGlite's own dump of its data folder: taken by this process when the server is stopped, or by
 * the running server on request; decisions 292 and 297) and the uploaded pictures on disk.
 * VAPID and federation keys live in the database (app_settings, federation keys), so they come
 * with it; so does the two-factor key generated into DATA_DIR (without it, nobody with two-factor
 * sign-in on could sign in); keys given in the environment stay in the operator's .env. On PostgreSQL the database
 * is pg_dump's job: the archive holds the pictures and says how.
 */
export const BACKUP_FORMAT = 1;

interface Manifest {
  format: number;
  createdAt: string;
  database: 'pglite' | 'postgres';
  /** rendered answer cards are a cache and stay out */
  media: boolean;
}

const MANIFEST = 'manifest.json';
const DATABASE = 'database.tar';
const MEDIA = 'media';
const POSTGRES_NOTE = 'POSTGRESQL.txt';

/** The folder uploaded pictures live in (disk storage), or null with S3 (the bucket is backed up by its provider). */
function mediaRoot(config: Config): string | null {
  return config.storage.driver === 'disk' ? path.resolve(config.storage.diskDir ?? config.dataDir, MEDIA) : null;
}

/**
 * pg_dump's flags besides the format: the day's key of visitors' hashes (an unlogged table, decision
 * 306) stays out, so a kept dump cannot match a visitor's hash to an address.
 */
export const postgresDumpFlags = ['--no-unlogged-table-data'];

export function postgresInstructions(file: string): string {
  return [
    'The database is PostgreSQL: back it up and restore it with its own tools, next to this archive.',
    `  Back up:  pg_dump --format=custom ${postgresDumpFlags.join(' ')} --file=${file}.pgdump "$DATABASE_URL"`,
    `  Restore:  pg_restore --no-owner --dbname="$DATABASE_URL" ${file}.pgdump   (into an empty database)`,
    'Then run "npm run cli -- restore <archive>" for the pictures, and start Askbox: migrations bring an older dump up to date.',
  ].join('\n');
}

/**
 * `restore <username>` restores a suspended account; `restore <file>` a backup. Usernames are
 * [a-z0-9_] only, so an argument with a dot or a slash can only be a file.
 */
export function isBackupRestore(command: string, args: string[]): boolean {
  return command === 'restore' && args.length === 1 && /[./\\]/.test(args[0]!);
}

function isEmptyOrMissing(dir: string): boolean {
  return !fs.existsSync(dir) || fs.readdirSync(dir).length === 0;
}

/**
 * The embedded database into `target`: opened here when the server is stopped; while it runs (it
 * holds DATA_DIR), the server writes the snapshot on request.
 */
async function snapshotEmbeddedDatabase(config: Config, io: CliIo, target: string): Promise<void> {
  let database;
  try {
    database = await openDatabase({ dataDir: config.dataDir });
  } catch (error) {
    const server = error instanceof DataDirLockedError ? snapshotAnswerer(config.dataDir) : null;
    if (server === null) throw error;
    io.out(`Askbox is running (pid ${server}): it writes the snapshot of the database.`);
    const snapshot = await requestSnapshot(config.dataDir, server);
    fs.copyFileSync(snapshot, target); // DATA_DIR and the staging folder may be on two disks
    fs.rmSync(snapshot, { force: true });
    return;
  }
  try {
    if (database.kind !== 'pglite') throw new Error('expected the embedded database');
    await migrateDatabase(database);
    const dump = await database.pglite.dumpDataDir('none');
    fs.writeFileSync(target, Buffer.from(await dump.arrayBuffer()));
  } finally {
    await database.close();
  }
}

/** backup FILE: refuses to overwrite, writes FILE.partial then renames (a failed run leaves no half archive). */
export async function backup(config: Config, io: CliIo, file: string | undefined): Promise<void> {
  if (!file) throw new CliError('Missing <file>, e.g. npm run cli -- backup askbox-backup.tar.gz', 2);
  const target = path.resolve(file);
  if (fs.existsSync(target)) throw new CliError(`${target} already exists: choose another name (a backup never overwrites a file).`);
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const staging = fs.mkdtempSync(path.join(os.tmpdir(), 'askbox-backup-'));
  const partial = `${target}.partial`;
  try {
    if (kind === 'pglite') await snapshotEmbeddedDatabase(config, io, path.join(staging, DATABASE));
    else {
      fs.writeFileSync(path.join(staging, POSTGRES_NOTE), `${postgresInstructions(file)}\n`);
    }
    const media = mediaRoot(config);
    const hasMedia = media !== null && fs.existsSync(media);
    if (hasMedia) fs.symlinkSync(media, path.join(staging, MEDIA));
    const twoFactorKey = path.join(config.dataDir, TWO_FACTOR_KEY_FILE);
    if (fs.existsSync(twoFactorKey)) fs.copyFileSync(twoFactorKey, path.join(staging, TWO_FACTOR_KEY_FILE));
    const manifest: Manifest = { format: BACKUP_FORMAT, createdAt: new Date().toISOString(), database: kind, media: hasMedia };
    fs.writeFileSync(path.join(staging, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
    const entries = fs.readdirSync(staging);
    await tar.create(
      {
        gzip: true,
        file: partial,
        cwd: staging,
        portable: true,
        // the media link is followed; inside it, the card cache and half-written uploads stay out
        follow: true,
        filter: (entry) => !/^media\/cards(\/|$)/.test(entry) && !entry.endsWith('.tmp'),
      },
      entries,
    );
    fs.renameSync(partial, target);
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    fs.rmSync(partial, { force: true });
  }
  io.out(`Backup written to ${target}.`);
  if (kind === 'postgres') io.out(postgresInstructions(file));
}

/** restore FILE: only into an empty DATA_DIR (and an empty media folder); never mixes with live data. */
export async function restoreBackup(config: Config, io: CliIo, file: string): Promise<void> {
  const source = path.resolve(file);
  if (!fs.existsSync(source)) throw new CliError(`No file ${source}.`);
  fs.mkdirSync(config.dataDir, { recursive: true });
  // the lock keeps a server from starting on a half-restored folder
  const lock = acquireDataDirLock(config.dataDir);
  const staging = fs.mkdtempSync(path.join(path.resolve(config.dataDir), '.restore-'));
  try {
    await tar.extract({ file: source, cwd: staging, strict: true }).catch((error: unknown) => {
      throw new CliError(`${source} is not an Askbox backup (${error instanceof Error ? error.message : String(error)}).`);
    });
    const manifestFile = path.join(staging, MANIFEST);
    if (!fs.existsSync(manifestFile)) throw new CliError(`${source} is not an Askbox backup (no ${MANIFEST}).`);
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8')) as Manifest;
    if (manifest.format > BACKUP_FORMAT) throw new CliError(`${source} was written by a newer Askbox (format ${manifest.format}): upgrade first.`);

    const kind = config.databaseUrl ? 'postgres' : 'pglite';
    if (manifest.database !== kind) {
      throw new CliError(
        manifest.database === 'pglite'
          ? 'This backup holds an embedded database, but DATABASE_URL is set: unset it to restore into DATA_DIR.'
          : 'This backup was taken on PostgreSQL: set DATABASE_URL and restore the pg_dump file first.\n' + postgresInstructions('<backup>'),
      );
    }
    const pgliteDir = path.resolve(config.dataDir, 'pglite');
    const media = mediaRoot(config);
    if (kind === 'pglite' && fs.existsSync(path.join(pgliteDir, 'PG_VERSION'))) {
      throw new CliError(`${path.resolve(config.dataDir)} already holds a database: restore only into an empty DATA_DIR.`);
    }
    if (manifest.media && media && !isEmptyOrMissing(media)) throw new CliError(`${media} already holds pictures: restore only into an empty folder.`);
    if (manifest.media && !media) throw new CliError('This backup holds pictures on disk, but STORAGE=s3: copy its media folder into the bucket by hand.');

    if (kind === 'pglite') {
      fs.mkdirSync(pgliteDir, { recursive: true });
      const dump = new Blob([fs.readFileSync(path.join(staging, DATABASE))]);
      try {
        const pglite = await PGlite.create({ dataDir: pgliteDir, extensions: pgliteExtensions, loadDataDir: dump });
        await pglite.close();
      } catch (error) {
        fs.rmSync(pgliteDir, { recursive: true, force: true }); // no half-loaded database to start on
        throw error;
      }
    }
    const keyInBackup = path.join(staging, TWO_FACTOR_KEY_FILE);
    const keyHere = path.join(config.dataDir, TWO_FACTOR_KEY_FILE);
    if (fs.existsSync(keyInBackup) && !fs.existsSync(keyHere)) fs.copyFileSync(keyInBackup, keyHere);
    if (manifest.media && media) {
      fs.mkdirSync(path.dirname(media), { recursive: true });
      fs.rmSync(media, { recursive: true, force: true });
      fs.cpSync(path.join(staging, MEDIA), media, { recursive: true });
    }
    io.out(`Restored ${source} (taken ${manifest.createdAt}) into ${path.resolve(config.dataDir)}.`);
    if (kind === 'postgres') io.out(postgresInstructions('<backup>'));
    io.out('Start Askbox: migrations bring the database up to this version.');
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    lock.release();
  }
}
