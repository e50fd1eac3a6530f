// `npm run test:server:pg`: the server suite against a real PostgreSQL. Each test file creates and
// drops its own database on the server named by TEST_DATABASE_URL (default: local trust auth).
import { spawnSync } from 'node:child_process';

const url = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const result = spawnSync('npx', ['vitest', 'run', '--project', 'server'], {
  stdio: 'inherit',
  env: { ...process.env, TEST_DATABASE_URL: url },
});
process.exit(result.status ?? 1);
