import { defineConfig } from '@playwright/test';

// The app is started once by e2e/global-setup.ts (built web app, temporary DATA_DIR, free port).
export default defineConfig({
  testDir: './e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  // files run side by side, each file's tests in order: most of a journey's time is the browser
  // waiting (the splash's 2 s, timers, the server), so two workers share 2 cores well (decision
  // 201); E2E_WORKERS overrides (unset or empty: 2)
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS || 2),
  projects: [
    { name: 'journeys', testIgnore: ['**/admin.spec.ts', '**/instance-pages.spec.ts'] },
    // the admin's global question lands in every account of the shared instance: sent while other
    // journeys run, it would bump their badges and fill their empty inboxes, so it goes last; so do
    // the instance's rules (report reasons) and announcement (a banner on every main screen)
    { name: 'everyone', testMatch: ['**/admin.spec.ts', '**/instance-pages.spec.ts'], dependencies: ['journeys'] },
  ],
  timeout: 60_000,
  expect: { timeout: 10_000 },
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    viewport: { width: 390, height: 844 },
    launchOptions: {
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--no-first-run',
        '--disable-quic',
      ],
    },
  },
});
