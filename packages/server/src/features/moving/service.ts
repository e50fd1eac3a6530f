import { eq } from 'drizzle-orm';
import { ACCOUNT_ALIASES_MAX, MOVE_INTERVAL_DAYS, type AccountMoving, type FediverseAccount } from '@askbox/common';
import type { AppContext, ServerContext } from '../../context.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { events } from '../../events/emit.js';
import { accountRateLimitKey, consumeRateLimit } from '../../rateLimit.js';
import { apUris } from '../../federation/uris.js';
import { isPublicProfile } from '../visibility/index.js';
import { confirmPassword, type CredentialAttempt, type CredentialContext } from '../auth/service.js';

type MovingColumns = Pick<UserRow, 'aliases' | 'movedTo' | 'movedAt'>;

const DAY_MS = 24 * 60 * 60 * 1000;
/** Accounts on other servers one person may have looked up (naming an old account, moving) per hour: each is requests to a server they choose. */
const LOOKUPS_PER_HOUR = 20;

/** What moving needs: the database, the password check and the federation runtime (for lookups). */
type MovingContext = CredentialContext & Pick<ServerContext, 'federation'>;

export function toAccountMoving(user: MovingColumns): AccountMoving {
  return { aliases: user.aliases, movedTo: user.movedTo ?? null, movedAt: user.movedAt?.toISOString() ?? null };
}

/** What the account says of its moves, kept whether the profile is public or not (it is on the fediverse only while public). */
export async function accountMoving(ctx: AppContext, userId: string): Promise<AccountMoving> {
  return toAccountMoving(await account(ctx, userId));
}

/**
 * Names an old fediverse account as this one (its actor's `alsoKnownAs`), which the old server
 * checks before it sends its followers here. The name is looked up now; what is kept is the actor.
 */
export async function addAlias(ctx: MovingContext, userId: string, handle: string): Promise<AccountMoving> {
  const user = await publicAccount(ctx, userId);
  if (user.aliases.length >= ACCOUNT_ALIASES_MAX) throw new AppError('aliases_full');
  const found = await lookUp(ctx, userId, handle);
  return changeAliases(ctx, userId, (aliases) => {
    if (aliases.some((alias) => alias.uri === found.uri)) return aliases;
    if (aliases.length >= ACCOUNT_ALIASES_MAX) throw new AppError('aliases_full');
    return [...aliases, { handle: found.handle, uri: found.uri }];
  });
}

export async function removeAlias(ctx: AppContext, userId: string, uri: string): Promise<AccountMoving> {
  await account(ctx, userId);
  return changeAliases(ctx, userId, (aliases) => aliases.filter((alias) => alias.uri !== uri));
}

/**
 * Moves this account to a new one on another server: only when the new actor already names ours
 * in its `alsoKnownAs` (else anybody could send our followers anywhere), with the password, once
 * in MOVE_INTERVAL_DAYS. The actor then says `movedTo` and every remote follower's server gets a
 * Move (federation/moving/moveRows.ts).
 */
export async function moveAccount(
  ctx: MovingContext,
  userId: string,
  handle: string,
  proof: Omit<CredentialAttempt, 'email' | 'device'>,
): Promise<AccountMoving> {
  await confirmPassword(ctx, userId, proof);
  const user = await publicAccount(ctx, userId);
  if (movedRecently(ctx, user)) throw new AppError('move_too_soon');
  const target = await lookUp(ctx, userId, handle);
  if (!target.aliases.includes(apUris.actor(new URL(ctx.config.publicUrl).origin, userId))) throw new AppError('move_target_not_aliased');
  const movedTo: FediverseAccount = { handle: target.handle, uri: target.uri };
  return ctx.db.transaction(async (tx) => {
    // checked again under the row's lock: two moves sent at once make one
    const [current] = await tx.select().from(users).where(eq(users.id, userId)).for('update');
    if (!current || movedRecently(ctx, current)) throw new AppError('move_too_soon');
    const [moved] = await tx.update(users).set({ movedTo, movedAt: ctx.clock.now() }).where(eq(users.id, userId)).returning();
    await events.emit(tx, ctx, { type: 'accountMoved', userId, targetUri: target.uri });
    return toAccountMoving(moved!);
  });
}

/** Only a public profile is an actor on the fediverse: the only kind that can move or be moved to. */
async function publicAccount(ctx: AppContext, userId: string): Promise<UserRow> {
  const user = await account(ctx, userId);
  if (!isPublicProfile(user)) throw new AppError('fediverse_needs_public_profile');
  return user;
}

async function account(ctx: AppContext, userId: string): Promise<UserRow> {
  const [user] = await ctx.db.select().from(users).where(eq(users.id, userId));
  if (!user) throw new AppError('not_found');
  return user;
}

async function lookUp(ctx: MovingContext, userId: string, handle: string) {
  await consumeRateLimit(ctx.db, accountRateLimitKey.fediverseLookup(userId), LOOKUPS_PER_HOUR, 3600);
  const found = await ctx.federation?.lookUpAccount(userId, handle);
  if (!found) throw new AppError('remote_account_not_found');
  return found;
}

const movedRecently = (ctx: AppContext, user: Pick<UserRow, 'movedAt'>) =>
  user.movedAt !== null && ctx.clock.now().getTime() - user.movedAt.getTime() < MOVE_INTERVAL_DAYS * DAY_MS;

/** Changes the list under the row's lock (the look-up happened before, outside it): two changes at once both count. */
async function changeAliases(ctx: AppContext, userId: string, change: (aliases: FediverseAccount[]) => FediverseAccount[]): Promise<AccountMoving> {
  return ctx.db.transaction(async (tx) => {
    const [current] = await tx.select({ aliases: users.aliases }).from(users).where(eq(users.id, userId)).for('update');
    if (!current) throw new AppError('not_found');
    const [user] = await tx
      .update(users)
      .set({ aliases: change(current.aliases) })
      .where(eq(users.id, userId))
      .returning();
    // followers' servers re-read the actor, alsoKnownAs with it
    await events.emit(tx, ctx, { type: 'profileChanged', userId });
    return toAccountMoving(user!);
  });
}
