import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Vitest's default (one worker less than the cores) is a single worker on a 2-core machine; the
    // test files wait on PostgreSQL, timers and sockets often enough that two share 2 cores well
    // (decision 202; the reliability project still runs one file at a time)
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    projects: [
      { test: { name: 'common', include: ['packages/common/src/**/*.test.ts'] } },
      // checks of the repository itself: the decision records' index, the house's language
      { test: { name: 'repository', include: ['scripts/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          include: ['packages/server/src/**/*.test.ts'],
          exclude: ['packages/server/src/reliability/**', 'packages/server/src/faults/**'],
          globalSetup: ['packages/server/src/test/globalSetup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // npm run test:reliability: the whole surface under attack, on PostgreSQL; minutes, so npm test
      // (which names the projects it runs) leaves it out, as it does the fault suite, and CI runs each
      // once, on its own
      {
        test: {
          name: 'reliability',
          include: ['packages/server/src/reliability/**/*.test.ts'],
          globalSetup: ['packages/server/src/test/globalSetup.ts'],
          testTimeout: 240_000,
          hookTimeout: 120_000,
          fileParallelism: false,
        },
      },
      // npm run test:faults: the server's own processes through database restarts, killed connections,
      // slow receivers, simultaneous starts and crashes; each file starts what it breaks (its own PostgreSQL)
      {
        test: {
          name: 'faults',
          include: ['packages/server/src/faults/**/*.test.ts'],
          testTimeout: 600_000,
          hookTimeout: 300_000,
          fileParallelism: false,
        },
      },
      // the bench itself measures minutes; here its data generator, its capture of the read paths and one
      // tiny turn of the whole run (PGlite, 120 users), so that it cannot rot between the runs that measure
      { test: { name: 'bench', include: ['bench/**/*.test.ts'], testTimeout: 30_000, hookTimeout: 60_000 } },
      {
        test: {
          name: 'web',
          include: ['packages/web/src/**/*.test.{ts,tsx}'],
          environment: 'node',
          // boundaries.test.ts starts ESLint with the whole config: seconds on a busy 2-core machine
          testTimeout: 30_000,
        },
      },
    ],
  },
});
