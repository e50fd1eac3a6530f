import crypto from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { UserRowWithoutHash } from '../../db/schema/index.js';
import { pendingSignups, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { pgErrorOf } from '../../db/pgError.js';
import { events } from '../../events/emit.js';
import { accountRateLimitKey, consumeRateLimit } from '../../rateLimit.js';
import { isBlockedEmailDomain } from './emailDomains.js';
import { operatorDomainBlocks } from './settings.js';

/** How long a confirmation link works. */
export const VERIFICATION_LINK_DAYS = 7;
/** Links sent per account per hour (Resend, a new address). */
const LINKS_PER_HOUR = 5;

const mac = (secret: Buffer, userId: string, email: string, issuedAt: number) =>
  crypto.createHmac('sha256', secret).update(`email-verification\n${userId}\n${email}\n${issuedAt}`).digest('base64url');

/**
 * A confirmation link's token: the account, when it was made, and an HMAC over those and the
 * address. Nothing is stored: a link for an address the account no longer has simply stops working.
 */
export function verificationToken(secret: Buffer, userId: string, email: string, now: Date): string {
  const issuedAt = Math.floor(now.getTime() / 1000);
  return `${userId}.${issuedAt}.${mac(secret, userId, email, issuedAt)}`;
}

/** Asking and answering wait for a confirmed address (EMAIL_VERIFICATION=on); everything else works. */
export function requireConfirmedAddress(ctx: AppContext, viewer: UserRowWithoutHash): void {
  if (ctx.config.emailVerification && !viewer.emailVerifiedAt) throw new AppError('email_not_verified');
}

/** Follows a confirmation link (signed in or not: the link alone proves the address). */
export async function confirmAddress(ctx: AppContext, secret: Buffer, token: string): Promise<void> {
  const [userId, issued, given] = token.split('.');
  const issuedAt = Number(issued);
  if (!userId || !given || !Number.isInteger(issuedAt)) throw new AppError('verification_link_invalid');
  if (ctx.clock.now().getTime() / 1000 - issuedAt > VERIFICATION_LINK_DAYS * 86_400) throw new AppError('verification_link_invalid');
  const [user] = await ctx.db.select({ email: users.email, verifiedAt: users.emailVerifiedAt }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('verification_link_invalid');
  const expected = Buffer.from(mac(secret, userId, user.email, issuedAt));
  const received = Buffer.from(given);
  if (expected.length !== received.length || !crypto.timingSafeEqual(expected, received)) throw new AppError('verification_link_invalid');
  if (user.verifiedAt) return;
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ emailVerifiedAt: ctx.clock.now() }).where(eq(users.id, userId));
    // the web app's banner goes away on every open tab
    await events.emit(tx, ctx, { type: 'settingsChanged', userId });
  });
}

/** 'Resend': another link to the same address, while it is not confirmed. */
export async function resendConfirmation(ctx: AppContext, viewer: UserRowWithoutHash): Promise<void> {
  if (viewer.emailVerifiedAt) return;
  await consumeRateLimit(ctx.db, accountRateLimitKey.verificationLink(viewer.id), LINKS_PER_HOUR, 3600);
  await events.emit(ctx.db, ctx, { type: 'emailVerificationRequested', userId: viewer.id });
}

/** 'Change address': a mistyped address is corrected before it is confirmed, and a link goes to the new one. */
export async function changeUnconfirmedAddress(ctx: AppContext, viewer: UserRowWithoutHash, email: string): Promise<void> {
  if (viewer.emailVerifiedAt) throw new AppError('forbidden');
  await consumeRateLimit(ctx.db, accountRateLimitKey.verificationLink(viewer.id), LINKS_PER_HOUR, 3600);
  if (isBlockedEmailDomain(email, await operatorDomainBlocks(ctx))) throw new AppError('email_domain_blocked');
  const [pending] = await ctx.db.select({ id: pendingSignups.id }).from(pendingSignups).where(eq(pendingSignups.email, email)).limit(1);
  const [taken] = await ctx.db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (pending || (taken && taken.id !== viewer.id)) throw new AppError('email_taken');
  try {
    await ctx.db.transaction(async (tx) => {
      await tx
        .update(users)
        .set({ email })
        .where(and(eq(users.id, viewer.id), isNull(users.emailVerifiedAt)));
      await events.emit(tx, ctx, { type: 'emailVerificationRequested', userId: viewer.id });
      await events.emit(tx, ctx, { type: 'settingsChanged', userId: viewer.id });
    });
  } catch (error) {
    // an account made meanwhile with that address: the unique index decides
    if (pgErrorOf(error).code === '23505') throw new AppError('email_taken');
    throw error;
  }
}
