import crypto from 'node:crypto';
import { and, desc, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { CreateInviteInput, Invite } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { invites } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';

/** Invite links one person may keep at a time: enough for any real use, not a way to fill the table. */
export const MAX_INVITES_PER_PERSON = 50;

const inviteUrl = (publicUrl: string, code: string) => `${publicUrl}/signup?invite=${encodeURIComponent(code)}`;

function toInvite(publicUrl: string, row: typeof invites.$inferSelect): Invite {
  return {
    code: row.code,
    url: inviteUrl(publicUrl, row.code),
    maxUses: row.maxUses,
    uses: row.uses,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Someone's invite links, newest first (used-up and expired ones too, until revoked). */
export async function listInvites(ctx: AppContext, userId: string): Promise<Invite[]> {
  const rows = await ctx.db.select().from(invites).where(eq(invites.createdBy, userId)).orderBy(desc(invites.createdAt));
  return rows.map((row) => toInvite(ctx.config.publicUrl, row));
}

export async function createInvite(ctx: AppContext, userId: string, input: CreateInviteInput): Promise<Invite> {
  const [count] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(invites)
    .where(eq(invites.createdBy, userId));
  if (Number(count?.n ?? 0) >= MAX_INVITES_PER_PERSON) throw new AppError('rate_limited');
  const now = ctx.clock.now();
  const [row] = await ctx.db
    .insert(invites)
    .values({
      code: crypto.randomBytes(16).toString('base64url'),
      createdBy: userId,
      maxUses: input.maxUses,
      expiresAt: input.expiresInDays ? new Date(now.getTime() + input.expiresInDays * 86_400_000) : null,
      createdAt: now,
    })
    .returning();
  return toInvite(ctx.config.publicUrl, row!);
}

/** Revokes one of your own invite links (someone else's is 'not found', like one that never was). */
export async function revokeInvite(ctx: AppContext, userId: string, code: string): Promise<void> {
  const gone = await ctx.db
    .delete(invites)
    .where(and(eq(invites.code, code), eq(invites.createdBy, userId)))
    .returning({ code: invites.code });
  if (gone.length === 0) throw new AppError('invite_not_found');
}

/** Not expired, not used up, and its maker not suspended (a suspended member's links rest until they are restored). */
const usable = (now: Date) =>
  and(
    or(isNull(invites.expiresAt), gt(invites.expiresAt, now)),
    or(isNull(invites.maxUses), lt(invites.uses, invites.maxUses)),
    sql`not exists (select 1 from users maker where maker.id = ${invites.createdBy} and maker.suspended_at is not null)`,
  );

/** Whether a code can still be used (checked before the password is hashed). */
export async function inviteIsUsable(db: DbOrTx, now: Date, code: string): Promise<boolean> {
  const [row] = await db
    .select({ code: invites.code })
    .from(invites)
    .where(and(eq(invites.code, code), usable(now)))
    .limit(1);
  return Boolean(row);
}

/** Spends one use of a code in the sign-up's transaction: the check and the count in one statement, so two racing for the last use cannot both win. */
export async function spendInvite(tx: DbOrTx, now: Date, code: string): Promise<void> {
  const spent = await tx
    .update(invites)
    .set({ uses: sql`${invites.uses} + 1` })
    .where(and(eq(invites.code, code), usable(now)))
    .returning({ code: invites.code });
  if (spent.length === 0) throw new AppError('invite_invalid');
}
