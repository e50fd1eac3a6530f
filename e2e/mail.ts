import fs from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import type { CapturedMail } from '../packages/server/src/test/mailCapture';

/** The emails the app sent to `to` so far (global-setup's SMTP server writes each one as a file). */
function mailsTo(to: string): CapturedMail[] {
  const dir = process.env.E2E_MAIL_DIR;
  if (!dir) throw new Error('E2E_MAIL_DIR is not set: run the e2e tests through their global setup');
  if (!fs.existsSync(dir)) return [];
  return fs
    .readdirSync(dir)
    .sort()
    .map((file) => JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as CapturedMail)
    .filter((mail) => mail.envelopeTo.includes(to));
}

/** Waits for the app's email worker to deliver an email to `to` whose subject is `subject`. */
export async function waitForMail(to: string, subject: string): Promise<CapturedMail> {
  let found: CapturedMail | undefined;
  await expect
    .poll(() => (found = mailsTo(to).findLast((mail) => mail.subject === subject)), { message: `an email "${subject}" to ${to}`, timeout: 20_000 })
    .toBeTruthy();
  return found!;
}

/** The first link in an email's text that starts with `prefix`. */
export function linkIn(text: string, prefix: string): string {
  const link = text.split(/\s+/).find((word) => word.startsWith(prefix));
  if (!link) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return link;
}
