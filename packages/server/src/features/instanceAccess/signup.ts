import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { SignupInput } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { pgErrorOf } from '../../db/pgError.js';
import { queryRows } from '../../db/sql.js';
import { pendingSignups, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { assertNameAndAddressFree, hashNewPassword, NO_DEVICE, signUp, type DeviceSummary } from '../auth/service.js';
import { isBlockedEmailDomain } from './emailDomains.js';
import { inviteIsUsable, spendInvite } from './invites.js';
import { operatorDomainBlocks, registrationMode } from './settings.js';

type PublicSignup = Omit<SignupInput, 'repeatPassword'>;

export type SignupOutcome = { kind: 'account'; result: Awaited<ReturnType<typeof signUp>> } | { kind: 'pending' };

/** An empty instance: its first sign-up makes the operator's own (admin) account, whatever the mode. */
async function instanceIsEmpty(ctx: AppContext): Promise<boolean> {
  if (!ctx.config.firstAccountIsAdmin) return false;
  const rows = await ctx.db.select({ id: users.id }).from(users).limit(1);
  return rows.length === 0;
}

/**
 * A sign-up from the form, under the operator's rules (decision 280): the mode (closed, invite,
 * approval, open), the minimum age and the blocked email domains, cheapest first; then
 * `proveWork` (the proof-of-work challenge, features/challenge) before the password is hashed.
 * In approval mode the sign-up waits in `pending_signups` and nothing else is made.
 */
export async function publicSignUp(
  ctx: AppContext,
  input: PublicSignup,
  proveWork: () => Promise<void>,
  device: DeviceSummary = NO_DEVICE,
): Promise<SignupOutcome> {
  const empty = await instanceIsEmpty(ctx);
  const mode = empty ? 'open' : await registrationMode(ctx);
  if (mode === 'closed') throw new AppError('registrations_closed');
  const now = ctx.clock.now();
  if (mode === 'invite') {
    if (!input.invite) throw new AppError('invite_required');
    if (!(await inviteIsUsable(ctx.db, now, input.invite))) throw new AppError('invite_invalid');
  }
  if (mode === 'approval' && !input.reason?.trim()) throw new AppError('signup_reason_required');
  if (ctx.config.minSignupAge > 0 && input.ageConfirmed !== true) throw new AppError('age_confirmation_required', { age: ctx.config.minSignupAge });
  if (isBlockedEmailDomain(input.email, await operatorDomainBlocks(ctx))) throw new AppError('email_domain_blocked');
  await proveWork();

  const account = { email: input.email, username: input.username, fullname: input.fullname, password: input.password };
  if (mode === 'invite') {
    const code = input.invite!;
    return { kind: 'account', result: await signUp(ctx, account, { inTransaction: (tx) => spendInvite(tx, now, code), device }) };
  }
  if (mode === 'approval') {
    await waitForApproval(ctx, account, input.reason!.trim(), input.locale ?? null);
    return { kind: 'pending' };
  }
  // let in because the instance looked empty: only if it still is, under the first-account lock
  const firstOnly = empty && (await registrationMode(ctx)) !== 'open';
  try {
    return { kind: 'account', result: await signUp(ctx, account, { onlyAsFirstAccount: firstOnly, device }) };
  } catch (error) {
    // another sign-up made the first account meanwhile: this one meets the instance's own rules
    if (firstOnly && error instanceof AppError && error.code === 'registrations_closed') return publicSignUp(ctx, input, proveWork, device);
    throw error;
  }
}

async function waitForApproval(
  ctx: AppContext,
  account: Pick<PublicSignup, 'email' | 'username' | 'fullname' | 'password'>,
  reason: string,
  locale: 'en' | 'fr' | null,
) {
  await assertNameAndAddressFree(ctx.db, account.username, account.email);
  const passwordHash = await hashNewPassword(account.password);
  try {
    await ctx.db.transaction(async (tx) => {
      // an account made meanwhile with the same name or address (users is not under pending's unique indexes)
      const [taken] = await queryRows<{ username: string }>(
        tx,
        sql`select username from users where username = ${account.username} or email = ${account.email} limit 1`,
      );
      if (taken) throw new AppError(taken.username === account.username ? 'username_taken' : 'email_taken');
      await tx.insert(pendingSignups).values({
        id: crypto.randomUUID(),
        email: account.email,
        username: account.username,
        fullname: account.fullname,
        passwordHash,
        reason,
        locale,
        createdAt: ctx.clock.now(),
      });
    });
  } catch (error) {
    const { code, constraint } = pgErrorOf(error);
    if (code === '23505' && constraint?.includes('username')) throw new AppError('username_taken');
    if (code === '23505' && constraint?.includes('email')) throw new AppError('email_taken');
    throw error;
  }
}
