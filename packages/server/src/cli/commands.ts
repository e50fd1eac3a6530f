import { eq } from 'drizzle-orm';
import { messages, signupSchema } from '@askbox/common';
import type { AppContext } from '../context.js';
import { sessions, users } from '../db/schema/index.js';
import { AppError } from '../http/errors.js';
import { signUp } from '../features/auth/service.js';
import { seedDemo } from './demo.js';

/** A refusal the operator should read (bad arguments, unknown user...): printed, exit code 1. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
    this.name = 'CliError';
  }
}

export interface CliIo {
  out(line: string): void;
}

export const MAX_BADGE_LENGTH = 40;

export const helpText = `Askbox command line (run with the server stopped when using the embedded database)

Usage: npm run cli -- <command> [arguments]

Commands:
  help                                  Show this help.
  grant-admin <username>                Give <username> the admin role (Admin Features in Settings).
  revoke-admin <username>               Take the admin role away from <username>.
  set-badge <username> "<badge>"        Show a badge on <username>'s profile, e.g. "${messages.popularUser}".
  clear-badge <username>                Remove <username>'s badge.
  create-user --email <email> --username <username> --fullname <name> --password <password>
                                        Create an account (same rules as signing up).
  demo                                  Fill an EMPTY database with a small demo community.

Settings come from the environment or a .env file: DATABASE_URL (PostgreSQL) or DATA_DIR (embedded database, ./data).`;

async function findUserId(ctx: AppContext, username: string | undefined): Promise<string> {
  if (!username) throw new CliError('Missing <username>. See "npm run cli -- help".', 2);
  const name = username.replace(/^@/, '').toLowerCase();
  const [row] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.username, name)).limit(1);
  if (!row) throw new CliError(`No user named "${name}".`);
  return row.id;
}

async function setRole(ctx: AppContext, io: CliIo, username: string | undefined, role: 'admin' | 'user') {
  const id = await findUserId(ctx, username);
  await ctx.db.update(users).set({ role }).where(eq(users.id, id));
  io.out(role === 'admin' ? `@${username!.toLowerCase()} is now an admin.` : `@${username!.toLowerCase()} is no longer an admin.`);
}

async function setBadge(ctx: AppContext, io: CliIo, username: string | undefined, badge: string) {
  const id = await findUserId(ctx, username);
  await ctx.db.update(users).set({ badge }).where(eq(users.id, id));
  io.out(badge ? `@${username!.toLowerCase()} now shows the badge "${badge}".` : `@${username!.toLowerCase()} no longer has a badge.`);
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
  if (!parsed.success) throw new CliError(parsed.error.issues[0]?.message ?? 'Invalid input');
  const { repeatPassword: _repeat, ...input } = parsed.data;
  try {
    const { user } = await signUp(ctx, input);
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
      return setRole(ctx, io, args[0], 'admin');
    case 'revoke-admin':
      return setRole(ctx, io, args[0], 'user');
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
    default:
      throw new CliError(`Unknown command "${command}".\n\n${helpText}`, 2);
  }
}

export const databaseCommands = new Set(['grant-admin', 'revoke-admin', 'set-badge', 'clear-badge', 'create-user', 'demo']);
