import path from 'node:path';
import { startMailCapture } from '../packages/server/src/test/mailCapture';
import { createAdminWithCli } from './admin-setup';
import { root, startApp } from './app-server';

/**
 * Starts the built app on a free port with a temporary DATA_DIR; the tests read E2E_BASE_URL.
 * The shared instance is an already set-up one: its admin made first by the CLI, and new accounts
 * follow nobody (DEFAULT_FOLLOWS=none), so one spec's users never land in another's feed.
 * e2e/firstrun.spec.ts starts its own empty instance with the defaults.
 */
export default async function globalSetup() {
  let mail: Awaited<ReturnType<typeof startMailCapture>> | undefined;
  let mailDir = '';
  // the proof-of-work challenge is not these journeys' subject (specs sign up through the API, and
  // a browser solving one per sign-up would slow every journey): instance-access.spec.ts and
  // firstrun.spec.ts run their own instances with it on, as an operator gets it
  const app = await startApp({ DEFAULT_FOLLOWS: 'none', EMAIL_POLL_MS: '300', SIGNUP_CHALLENGE: 'off' }, async (env) => {
    // a real SMTP server that keeps what the app sends, one JSON file per email (e2e/mail.ts reads them)
    mailDir = path.join(env.DATA_DIR!, 'mail');
    mail = await startMailCapture({ dir: mailDir });
    env.SMTP_URL = mail.url;
    env.E2E_DATA_DIR = env.DATA_DIR;
    createAdminWithCli(root, env);
  });
  process.env.E2E_BASE_URL = app.baseURL;
  process.env.E2E_DATA_DIR = app.dataDir;
  process.env.E2E_MAIL_DIR = mailDir;
  return async () => {
    await app.stop();
    await mail?.close();
  };
}
