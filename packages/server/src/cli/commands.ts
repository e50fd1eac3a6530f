import { eq } from 'drizzle-orm';
import { en, errorOfIssue, errorText, signupSchema, type Role } from '@askbox/common';
import type { AppContext } from '../context.js';
import { recountCounters } from '../db/counters.js';
import { sessions, users } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import { signUp } from '../features/auth/service.js';
import { userByUsername } from '../features/users/lookup.js';
import { seedDemo } from './demo.js';
import { blockServer, listBlockedServers, unblockServer } from './fediverse.js';
import { listReports, restoreUser, suspendUser } from './moderation.js';
import { setRole } from '../features/moderation/team.js';
import { resetTwoFactor } from '../features/twoFactor/service.js';
import { helpText } from './help.js';
import { CliError, type CliIo } from './io.js';

const MAX_BADGE_LENGTH = 40;

async function findUser(ctx: AppContext, username: string | undefined) {
  if (!username) throw new CliError('Missing <username>. See "npm run cli -- help".', 2);
  const name = username.replace(/^@/, '');
  const user = await userByUsername(ctx.db, name);
  if (!user) throw new CliError(`No user named "${name}".`);
  return user;
}

const roleLines: Record<Role, (username: string) => string> = {
  admin: (username) => `@${username} is now an admin.`,
  moderator: (username) => `@${username} is now a moderator.`,
  user: (username) => `@${username} is no longer an admin or a moderator.`,
};

/** A role change by the operator: the same service as the admins' Team screen, written to the audit log as the command line's. */
async function grantRole(ctx: AppContext, io: CliIo, username: string | undefined, role: Role) {
  const user = await findUser(ctx, username);
  await setRole(ctx, 'cli', user.username, role);
  io.out(roleLines[role](user.username));
}

async function setBadge(ctx: AppContext, io: CliIo, username: string | undefined, badge: string) {
  const user = await findUser(ctx, username);
  await ctx.db.update(users).set({ badge }).where(eq(users.id, user.id));
  io.out(badge ? `@${user.username} now shows the badge "${badge}".` : `@${user.username} no longer has a badge.`);
}

/** The operator's reset of a lost second factor: the same service as everywhere, written to the audit log as the command line's. */
async function resetSecondFactor(ctx: AppContext, io: CliIo, username: string | undefined) {
  const user = await findUser(ctx, username);
  const { wasOn, passkeysRemoved } = await resetTwoFactor(ctx, user);
  if (!wasOn && passkeysRemoved === 0) return io.out(`@${user.username} does not use two-factor sign-in or passkeys; nothing changed.`);
  if (wasOn) io.out(`Two-factor sign-in is now off for @${user.username}: they sign in with their password and can turn it on again.`);
  if (passkeysRemoved > 0)
    io.out(`@${user.username}'s ${passkeysRemoved === 1 ? 'passkey is' : `${passkeysRemoved} passkeys are`} removed: they can add new ones once signed in.`);
}

/** Flags of the form --name value (or --name=value). */
function parseFlags(args: string[]): Record<string, string> {
  const flags: Record<string, string> = {};
  for (let i = 0; i < args.length; i++) {
    const arg = args[i]!;
    const match = /^--([a-z]+)(?:=(.*))?$/.exec(arg);
    if (!match) throw new CliError(`Unexpected argument "${arg}". See "npm run cli -- help".`, 2);
    const value = match[2] ?? args[++i];
    if (value === undefined) throw new CliError(`Missing value for --${match[1]}.`, 2);
    flags[match[1]!] = value;
  }
  return flags;
}

/**
 * Creates an account exactly like the sign-up form: same validation (signupSchema) and the
 * same service (hashing, default follows). Sign-up also opens a session for the browser; an
 * operator has no browser, so that session is removed at once.
 */
async function createUser(ctx: AppContext, io: CliIo, args: string[]) {
  const flags = parseFlags(args);
  const unknown = Object.keys(flags).filter((k) => !['email', 'username', 'fullname', 'password'].includes(k));
  if (unknown.length > 0) throw new CliError(`Unknown option --${unknown[0]}. See "npm run cli -- help".`, 2);
  const parsed = signupSchema.safeParse({ ...flags, repeatPassword: flags.password ?? '' });
  if (!parsed.success) throw new CliError(errorText(en, errorOfIssue(parsed.error.issues[0])));
  const { repeatPassword: _repeat, ...input } = parsed.data;
  try {
    const { user } = await signUp(ctx, input, { addressConfirmed: true });
    await ctx.db.delete(sessions).where(eq(sessions.userId, user.id));
    io.out(`Created @${user.username} (${user.email}).`);
  } catch (error) {
    if (error instanceof AppError) throw new CliError(error.message);
    throw error;
  }
}

/** Runs one command on an open, migrated database. */
export async function runCommand(ctx: AppContext, io: CliIo, command: string, args: string[]): Promise<void> {
  switch (command) {
    case 'grant-admin':
      return grantRole(ctx, io, args[0], 'admin');
    case 'revoke-admin':
      return grantRole(ctx, io, args[0], 'user');
    case 'grant-moderator':
      return grantRole(ctx, io, args[0], 'moderator');
    case 'revoke-moderator':
      return grantRole(ctx, io, args[0], 'user');
    case 'set-badge': {
      const badge = (args[1] ?? '').trim();
      if (!badge) throw new CliError('Missing badge text, e.g. npm run cli -- set-badge alice "Popular user"', 2);
      if (badge.length > MAX_BADGE_LENGTH) throw new CliError(`A badge is at most ${MAX_BADGE_LENGTH} characters.`);
      return setBadge(ctx, io, args[0], badge);
    }
    case 'clear-badge':
      return setBadge(ctx, io, args[0], '');
    case 'create-user':
      return createUser(ctx, io, args);
    case 'demo':
      return seedDemo(ctx, io);
    case 'reports':
      return listReports(ctx, io);
    case 'suspend':
      return suspendUser(ctx, io, args[0]);
    case 'restore':
      return restoreUser(ctx, io, args[0]);
    case 'reset-two-factor':
      return resetSecondFactor(ctx, io, args[0]);
    case 'fediverse-block':
      return blockServer(ctx, io, args[0], args.slice(1));
    case 'fediverse-unblock':
      return unblockServer(ctx, io, args[0]);
    case 'fediverse-blocks':
      return listBlockedServers(ctx, io);
    case 'recount':
      await recountCounters(ctx.db);
      return io.out('Counters recounted.');
    default:
      throw new CliError(`Unknown command "${command}".\n\n${helpText}`, 2);
  }
}

/** The commands that open the database through `openDatabase` (on PGlite, it takes DATA_DIR's lock). */
export const databaseCommands = new Set([
  'grant-admin',
  'revoke-admin',
  'grant-moderator',
  'revoke-moderator',
  'set-badge',
  'clear-badge',
  'create-user',
  'demo',
  'recount',
  'reports',
  'suspend',
  'restore',
  'reset-two-factor',
  'fediverse-block',
  'fediverse-unblock',
  'fediverse-blocks',
]);
