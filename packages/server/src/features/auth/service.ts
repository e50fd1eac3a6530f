import crypto from 'node:crypto';
import { eq, inArray } from 'drizzle-orm';
import { messages, type SignupInput } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { follows, users } from '../../db/schema/index.js';
import { conflict, pgErrorOf, unauthorized } from '../../http/errors.js';
import { decoyHash, hashPassword, verifyPassword } from './password.js';
import { createSession, type SessionUser } from './sessions.js';

type ParsedSignup = Omit<SignupInput, 'repeatPassword'>;

export async function isUsernameTaken(db: DbOrTx, username: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.username, username)).limit(1);
  return rows.length > 0;
}

/** Creates the account, follows the DEFAULT_FOLLOWS accounts and opens a session. */
export async function signUp(ctx: AppContext, input: ParsedSignup): Promise<{ user: SessionUser; token: string; expiresAt: Date }> {
  if (await isUsernameTaken(ctx.db, input.username)) throw conflict(messages.usernameTaken, 'username_taken');
  const existingEmail = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, input.email)).limit(1);
  if (existingEmail.length > 0) throw conflict(messages.emailTaken, 'email_taken');

  const passwordHash = await hashPassword(input.password);
  try {
    return await ctx.db.transaction(async (tx) => {
      const [user] = await tx
        .insert(users)
        .values({ id: crypto.randomUUID(), email: input.email, username: input.username, fullname: input.fullname, passwordHash })
        .returning();
      await followDefaultAccounts(tx, user!.id, ctx.config.defaultFollows);
      const session = await createSession(tx, user!.id, ctx.config.sessionDays);
      return { user: user!, ...session };
    });
  } catch (error) {
    // two sign-ups racing for the same name or email: the unique index decides
    const { code, constraint } = pgErrorOf(error);
    if (code === '23505' && constraint?.includes('username')) throw conflict(messages.usernameTaken, 'username_taken');
    if (code === '23505' && constraint?.includes('email')) throw conflict(messages.emailTaken, 'email_taken');
    throw error;
  }
}

/** New accounts follow the configured default accounts; absent ones are skipped silently. */
async function followDefaultAccounts(tx: DbOrTx, userId: string, usernames: string[]): Promise<void> {
  if (usernames.length === 0) return;
  const targets = await tx.select({ id: users.id }).from(users).where(inArray(users.username, usernames));
  const rows = targets.filter((t) => t.id !== userId).map((t) => ({ followerId: userId, followeeId: t.id }));
  if (rows.length > 0) await tx.insert(follows).values(rows).onConflictDoNothing();
}

/** Any failure is the same 'Incorrect email or password', and takes the same time. */
export async function logIn(ctx: AppContext, email: string, password: string) {
  const [user] = await ctx.db.select().from(users).where(eq(users.email, email)).limit(1);
  const ok = await verifyPassword(password, user?.passwordHash ?? (await decoyHash));
  if (!user || !ok) throw unauthorized(messages.incorrectLogin);
  const session = await createSession(ctx.db, user.id, ctx.config.sessionDays);
  return { user, ...session };
}
