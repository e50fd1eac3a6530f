/**
 * `npm run bench:seed -- --users 100000 [--seed 0.42] [--heavy-answers 20000] [--reset]`
 *
 * Migrates the database the server would open (DATABASE_URL, else PGlite under DATA_DIR) with the
 * server's own migrator, then fills it with a synthetic community (bench/seed/community.ts).
 * Every user's password is 'bench password'; the admin is @bench_admin.
 */
import fs from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase } from '../packages/server/src/db/open.js';
import { migrateDatabase } from '../packages/server/src/db/migrate.js';
import { hashPassword } from '../packages/server/src/features/auth/password.js';
import { BENCH_PASSWORD, defaultCommunity, resetCommunity, seedCommunity } from './seed/community.js';
import { sessionOf } from './lib/database.js';

if (fs.existsSync('.env')) process.loadEnvFile('.env');
const { values } = parseArgs({
  options: {
    users: { type: 'string', default: '10000' },
    seed: { type: 'string' },
    'heavy-answers': { type: 'string' },
    reset: { type: 'boolean', default: false },
  },
});

const options = defaultCommunity(Number(values.users));
if (values.seed !== undefined) options.seed = Number(values.seed);
if (values['heavy-answers'] !== undefined) options.heavyAnswers = Number(values['heavy-answers']);
if (!(options.seed >= -1 && options.seed <= 1)) throw new Error('--seed must be between -1 and 1 (PostgreSQL setseed)');

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR ?? './data';
console.log(`Seeding ${options.users.toLocaleString('en')} users into ${databaseUrl ? 'PostgreSQL' : `PGlite (${dataDir})`} (seed ${options.seed})`);
const database = await openDatabase({ databaseUrl, dataDir });
try {
  await migrateDatabase(database);
  const session = await sessionOf(database);
  try {
    if (values.reset) {
      await resetCommunity(session);
      console.log('  emptied the tables (--reset)');
    }
    const info = await seedCommunity(session, options, await hashPassword(BENCH_PASSWORD), (line) => console.log(line));
    console.log(`  counts: ${JSON.stringify(info.counts)}`);
    console.log(
      `  popular: ${info.popular.join(', ')} · heavy answerers: ${info.heavyAnswerers.join(', ')} · admin: ${info.admin} · password: '${info.password}'`,
    );
  } finally {
    await session.release();
  }
} finally {
  await database.close();
}
