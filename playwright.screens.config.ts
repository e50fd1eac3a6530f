import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// The screen catalogue (`npm run screens`): every screen photographed into docs/screens/, on the
// same built app as the journeys; not part of `playwright test` (its files are *.screens.ts)
export default defineConfig({
  ...base,
  testDir: './e2e/screens',
  testMatch: '**/*.screens.ts',
  projects: [{ name: 'screens' }],
  workers: 1,
  // apart from the journeys' results, which a journeys run started meanwhile would wipe
  outputDir: '.tmp/screens-results',
  retries: 0,
  timeout: 600_000,
});
