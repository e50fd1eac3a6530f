// `npm run test:reliability`: the reliability suite against a real PostgreSQL — the
// authorization matrix, the anonymity scan, fuzzing from the OpenAPI document, concurrency and
// crash recovery. Each file creates and drops its own database on TEST_DATABASE_URL's server.
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const result = spawnSync('npx', ['vitest', 'run', '--project', 'reliability', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
