import { createAdminWithCli } from './admin-setup';
import { root, startApp } from './app-server';

/**
 * Starts the built app on a free port with a temporary DATA_DIR; the tests read E2E_BASE_URL.
 * The shared instance is an already set-up one: its admin made first by the CLI, and new accounts
 * follow nobody (DEFAULT_FOLLOWS=none), so one spec's users never land in another's feed.
 * e2e/firstrun.spec.ts starts its own empty instance with the defaults.
 */
export default async function globalSetup() {
  const app = await startApp({ DEFAULT_FOLLOWS: 'none' }, (env) => createAdminWithCli(root, env));
  process.env.E2E_BASE_URL = app.baseURL;
  process.env.E2E_DATA_DIR = app.dataDir;
  return () => app.stop();
}
