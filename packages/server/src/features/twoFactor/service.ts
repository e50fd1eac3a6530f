import { and, count, eq, gt, isNotNull, isNull, lt } from 'drizzle-orm';
import type { RecoveryCodes, TwoFactorSecret, TwoFactorStatus } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { passkeys, sessions, twoFactor, twoFactorRecoveryCodes, users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import {
  confirmPassword,
  signInSession,
  guardLoginAttempt,
  knownDevice,
  pendingLoginUser,
  secondFactorOn,
  type CredentialAttempt,
  type CredentialContext,
  type DeviceSummary,
} from '../auth/service.js';
import { recordLoginFailure } from '../challenge/service.js';
import { recordAudit } from '../moderation/service.js';
import { hashRecoveryCode, isRecoveryCodeShape, newRecoveryCode, RECOVERY_CODE_COUNT } from './recoveryCodes.js';
import { seal, sealingKey, unseal } from './sealing.js';
import { newTotpSecret, totpStep, totpUri } from './totp.js';

/** The key generated into DATA_DIR when TWO_FACTOR_KEY is unset: the backup carries it (cli/backup.ts). */
export { KEY_FILE as TWO_FACTOR_KEY_FILE } from './sealing.js';

/** A secret shown but not confirmed by a first code is dropped after this. */
const SETUP_MINUTES = 15;
/**
 * How recent a proof of the second factor must be for a sensitive change (turning it off, a new
 * password or address, an export, deleting the account): a sign-in with a code, or a code given again.
 */
export const FRESH_SECOND_FACTOR_MINUTES = 10;

const minutesBefore = (now: Date, minutes: number) => new Date(now.getTime() - minutes * 60_000);

/** Settings: on or off, and the recovery codes not spent yet. */
export async function twoFactorStatus(db: DbOrTx, userId: string): Promise<TwoFactorStatus> {
  const enabled = await secondFactorOn(db, userId);
  const [left] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(and(eq(twoFactorRecoveryCodes.userId, userId), isNull(twoFactorRecoveryCodes.usedAt)));
  return { enabled, recoveryCodesLeft: enabled ? (left?.n ?? 0) : 0 };
}

/**
 * Turning it on, first step: after the password (the log-in's checks), a new secret, sealed and
 * kept unconfirmed; the app scans it from the QR code or the person types it.
 */
export async function startTwoFactorSetup(
  ctx: CredentialContext,
  userId: string,
  proof: Omit<CredentialAttempt, 'email' | 'device'>,
): Promise<TwoFactorSecret> {
  const user = await confirmPassword(ctx, userId, proof);
  if (await secondFactorOn(ctx.db, userId)) throw new AppError('two_factor_already_on');
  const secret = newTotpSecret();
  const secretSealed = seal(await sealingKey(ctx), userId, secret);
  const now = ctx.clock.now();
  const stored = await ctx.db
    .insert(twoFactor)
    .values({ userId, secretSealed, createdAt: now })
    // a setup started again replaces its unconfirmed secret, never one already on (two tabs racing)
    .onConflictDoUpdate({ target: twoFactor.userId, set: { secretSealed, createdAt: now, lastStep: 0 }, setWhere: isNull(twoFactor.enabledAt) })
    .returning({ userId: twoFactor.userId });
  if (stored.length === 0) throw new AppError('two_factor_already_on');
  return { secret, uri: totpUri(secret, new URL(ctx.config.publicUrl).host, `@${user.username}`) };
}

/** Ten new recovery codes for the account, the old ones gone; only their hashes are stored. */
async function replaceRecoveryCodes(tx: DbOrTx, userId: string): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  await tx.insert(twoFactorRecoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashRecoveryCode(code) })));
  return codes;
}

/**
 * Turning it on, second step: a first code from the app proves it was set up; the ten recovery
 * codes are returned (shown once), and this session counts as having just proved its second factor.
 */
export async function enableTwoFactor(ctx: AppContext, userId: string, sessionId: string, code: string): Promise<RecoveryCodes> {
  const now = ctx.clock.now();
  const [pending] = await ctx.db
    .select()
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt), gt(twoFactor.createdAt, minutesBefore(now, SETUP_MINUTES))))
    .limit(1);
  if (!pending) throw new AppError((await secondFactorOn(ctx.db, userId)) ? 'two_factor_already_on' : 'two_factor_not_started');
  const step = totpStep(unseal(await sealingKey(ctx), userId, pending.secretSealed), code, now);
  if (step === null) throw new AppError('incorrect_code');
  return ctx.db.transaction(async (tx) => {
    const [enabled] = await tx
      .update(twoFactor)
      .set({ enabledAt: now, lastStep: step })
      .where(and(eq(twoFactor.userId, userId), isNull(twoFactor.enabledAt)))
      .returning({ userId: twoFactor.userId });
    if (!enabled) throw new AppError('two_factor_already_on');
    await tx.update(sessions).set({ secondFactorAt: now }).where(eq(sessions.id, sessionId));
    return { recoveryCodes: await replaceRecoveryCodes(tx, userId) };
  });
}

/**
 * Whether `code` is the account's second factor now, and spends it: an app's code is taken once
 * (its time step must be later than the last one accepted), a recovery code once ever. Both
 * spendings are conditional updates, so two requests racing with one code cannot both pass.
 */
async function spendSecondFactor(ctx: AppContext, userId: string, code: string): Promise<boolean> {
  const now = ctx.clock.now();
  if (isRecoveryCodeShape(code)) {
    const spent = await ctx.db
      .update(twoFactorRecoveryCodes)
      .set({ usedAt: now })
      .where(and(eq(twoFactorRecoveryCodes.userId, userId), eq(twoFactorRecoveryCodes.codeHash, hashRecoveryCode(code)), isNull(twoFactorRecoveryCodes.usedAt)))
      .returning({ userId: twoFactorRecoveryCodes.userId });
    return spent.length > 0;
  }
  const [row] = await ctx.db
    .select()
    .from(twoFactor)
    .where(and(eq(twoFactor.userId, userId), isNotNull(twoFactor.enabledAt)))
    .limit(1);
  if (!row) return false;
  const step = totpStep(unseal(await sealingKey(ctx), userId, row.secretSealed), code.replace(/\s/g, ''), now);
  if (step === null) return false;
  const taken = await ctx.db
    .update(twoFactor)
    .set({ lastStep: step })
    .where(and(eq(twoFactor.userId, userId), lt(twoFactor.lastStep, step)))
    .returning({ userId: twoFactor.userId });
  return taken.length > 0;
}

/** One attempt at the second factor, as a request brings it. */
export interface SecondFactorAttempt {
  client: string;
  code: string;
  challenge?: string;
}

/**
 * The code check, behind the log-in's own guards (per-IP and per-account limits, the challenge after
 * failures to the address): a wrong code counts as a failed log-in and is said as 'Incorrect code'.
 */
async function proveSecondFactor(ctx: CredentialContext, user: Pick<UserRow, 'id' | 'email'>, attempt: SecondFactorAttempt & { device?: string | null }) {
  await guardLoginAttempt(ctx, { client: attempt.client, email: user.email, challenge: attempt.challenge, device: attempt.device });
  if (!(await spendSecondFactor(ctx, user.id, attempt.code))) {
    await recordLoginFailure(ctx, user.email);
    throw new AppError('incorrect_code');
  }
}

/**
 * The log-in's code step: the token the password step gave (features/auth/pendingLogin.ts), then a
 * code; a session whose second factor was just proved. `deviceCookie` is the browser's known-device
 * cookie, counted on its own as at the password step.
 */
export async function completeTwoFactorLogIn(
  ctx: CredentialContext,
  input: SecondFactorAttempt & { token: string; deviceCookie?: string },
  device: DeviceSummary,
): Promise<{ user: UserRow; token: string; expiresAt: Date }> {
  const user = await pendingLoginUser(ctx, input.token);
  const known = knownDevice(ctx.email.linkSecret, user.email, input.deviceCookie);
  await proveSecondFactor(ctx, user, { ...input, device: known });
  const session = await signInSession(ctx, user.id, device, known, ctx.clock.now());
  return { user, ...session };
}

/** A signed-in person proves the second factor again before a sensitive change; this session remembers when. */
export async function confirmSecondFactor(ctx: CredentialContext, userId: string, sessionId: string, attempt: SecondFactorAttempt): Promise<void> {
  const [user] = await ctx.db.select({ id: users.id, email: users.email }).from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('not_found');
  await proveSecondFactor(ctx, user, attempt);
  await ctx.db.update(sessions).set({ secondFactorAt: ctx.clock.now() }).where(eq(sessions.id, sessionId));
}

/**
 * The guard of sensitive changes: with two-factor sign-in on, this session must have proved the
 * second factor in the last few minutes, else 'second_factor_required' (the web then asks for a code).
 */
export async function requireFreshSecondFactor(ctx: AppContext, userId: string, sessionId: string): Promise<void> {
  if (!(await secondFactorOn(ctx.db, userId))) return;
  const [fresh] = await ctx.db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.id, sessionId), gt(sessions.secondFactorAt, minutesBefore(ctx.clock.now(), FRESH_SECOND_FACTOR_MINUTES))))
    .limit(1);
  if (!fresh) throw new AppError('second_factor_required');
}

/** Turning it off (after a fresh second factor): the secret and the recovery codes go. */
export async function disableTwoFactor(ctx: AppContext, userId: string, sessionId: string): Promise<void> {
  await requireFreshSecondFactor(ctx, userId, sessionId);
  await removeTwoFactor(ctx.db, userId);
}

/** Ten new recovery codes (after a fresh second factor); the old ones stop working. */
export async function renewRecoveryCodes(ctx: AppContext, userId: string, sessionId: string): Promise<RecoveryCodes> {
  await requireFreshSecondFactor(ctx, userId, sessionId);
  if (!(await secondFactorOn(ctx.db, userId))) throw new AppError('two_factor_not_started');
  return ctx.db.transaction(async (tx) => ({ recoveryCodes: await replaceRecoveryCodes(tx, userId) }));
}

async function removeTwoFactor(db: DbOrTx, userId: string): Promise<number> {
  await db.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId));
  const removed = await db.delete(twoFactor).where(eq(twoFactor.userId, userId)).returning({ enabledAt: twoFactor.enabledAt });
  return removed.filter((row) => row.enabledAt !== null).length;
}

/**
 * The operator's reset for a person who lost their factor and their recovery codes (the CLI): the
 * account signs in with its password alone again. Their passkeys go too: one on the lost device
 * would still sign in without the password; they add new ones once signed in. Written to the audit
 * log; the secret is never read. Says what there was to remove.
 */
export async function resetTwoFactor(ctx: AppContext, user: Pick<UserRow, 'id' | 'username'>): Promise<{ wasOn: boolean; passkeysRemoved: number }> {
  return ctx.db.transaction(async (tx) => {
    const wasOn = (await removeTwoFactor(tx, user.id)) > 0;
    const passkeysRemoved = (await tx.delete(passkeys).where(eq(passkeys.userId, user.id)).returning({ id: passkeys.id })).length;
    if (wasOn || passkeysRemoved > 0) await recordAudit(tx, 'cli', { action: 'two_factor_reset', targetKind: 'account', target: user.username });
    return { wasOn, passkeysRemoved };
  });
}
