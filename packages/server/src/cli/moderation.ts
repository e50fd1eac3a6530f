import type { ModerationReport } from '@askbox/common';
import type { AppContext } from '../context.js';
import { moderationQueue } from '../features/moderation/queue.js';
import { restoreAccount, suspendAccount } from '../features/moderation/suspension.js';
import { userByUsername } from '../features/users/lookup.js';
import { CliError, type CliIo } from './io.js';

/** One line per report; the content is the one the moderation screen shows (no anonymous sender, ever). */
function describe(report: ModerationReport): string {
  const c = report.content;
  const who = (u: { username: string } | null) => (u ? `@${u.username}` : '?');
  let what: string;
  if (!c.exists) what = `${c.kind} (deleted since)`;
  else if (c.kind === 'profile') what = `profile ${who(c.owner)}`;
  else {
    const from = c.isAnonymous ? 'Anonymous' : who(c.sender);
    what = `${c.kind} to ${who(c.owner)} from ${from}: "${c.question}"${c.answer !== null ? ` → "${c.answer}"` : ''}`;
  }
  const details = report.details ? ` (${report.details})` : '';
  const account = report.account ? ` · account ${who(report.account)}${report.account.suspended ? ' [suspended]' : ''}` : '';
  return `${report.createdAt}  ${report.id}  ${report.rule ? `rule "${report.rule}"` : report.reason}${details} · by ${who(report.reporter)} · ${what}${account}`;
}

export async function listReports(ctx: AppContext, io: CliIo): Promise<void> {
  let cursor: string | undefined;
  let count = 0;
  do {
    const page = await moderationQueue(ctx.db, cursor);
    for (const report of page.items) io.out(describe(report));
    count += page.items.length;
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  io.out(count === 0 ? 'No open reports.' : `${count} open report${count === 1 ? '' : 's'}.`);
}

async function userNamed(ctx: AppContext, username: string | undefined) {
  if (!username) throw new CliError('Missing <username>. See "npm run cli -- help".', 2);
  const name = username.replace(/^@/, '');
  const user = await userByUsername(ctx.db, name);
  if (!user) throw new CliError(`No user named "${name}".`);
  return user;
}

export async function suspendUser(ctx: AppContext, io: CliIo, username: string | undefined): Promise<void> {
  const user = await userNamed(ctx, username);
  const changed = await ctx.db.transaction((tx) => suspendAccount(tx, ctx, user.id, 'cli'));
  io.out(changed ? `@${user.username} is suspended: signed out everywhere, answers hidden until restored.` : `@${user.username} was already suspended.`);
}

export async function restoreUser(ctx: AppContext, io: CliIo, username: string | undefined): Promise<void> {
  const user = await userNamed(ctx, username);
  const changed = await ctx.db.transaction((tx) => restoreAccount(tx, ctx, user.id, 'cli'));
  io.out(changed ? `@${user.username} is restored.` : `@${user.username} was not suspended.`);
}
