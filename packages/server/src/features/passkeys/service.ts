import { and, desc, eq, gt, lt } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransportFuture,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import type { Passkey } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { passkeys, sessions, users, webauthnChallenges, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { consumeRateLimit } from '../../rateLimit.js';
import {
  confirmPassword,
  signInSession,
  guardLoginAttempt,
  knownDevice,
  pendingLoginUser,
  type CredentialAttempt,
  type CredentialContext,
  type DeviceSummary,
} from '../auth/service.js';
import { recordLoginFailure } from '../challenge/service.js';
import { endLapsedSuspensions, suspensionRefusal } from '../moderation/service.js';

/** How long the browser has to answer a WebAuthn request. */
const CHALLENGE_SECONDS = 5 * 60;

/** The relying party is the instance: its host name (WebAuthn's RP ID) and its origin, from PUBLIC_URL. */
function relyingParty(ctx: AppContext) {
  const url = new URL(ctx.config.publicUrl);
  return { id: url.hostname, origin: url.origin, name: url.hostname };
}

async function keepChallenge(ctx: AppContext, challenge: string, purpose: 'register' | 'login', userId: string | null) {
  const now = ctx.clock.now();
  // expired ones go while we are here: the table only holds requests under way
  await ctx.db.delete(webauthnChallenges).where(lt(webauthnChallenges.expiresAt, now));
  await ctx.db.insert(webauthnChallenges).values({ challenge, purpose, userId, expiresAt: new Date(now.getTime() + CHALLENGE_SECONDS * 1000) });
}

/** Takes a challenge once: true when the server handed it out for this purpose (and person), not expired. */
function takeChallenge(ctx: AppContext, purpose: 'register' | 'login', userId: string | null) {
  return async (challenge: string): Promise<boolean> => {
    const taken = await ctx.db
      .delete(webauthnChallenges)
      .where(and(eq(webauthnChallenges.challenge, challenge), eq(webauthnChallenges.purpose, purpose), gt(webauthnChallenges.expiresAt, ctx.clock.now())))
      .returning({ userId: webauthnChallenges.userId });
    return taken.length === 1 && (userId === null || taken[0]!.userId === userId);
  };
}

// as the authenticator reported them at registration (stored comma-separated)
const transportsOf = (row: { transports: string }) => (row.transports ? (row.transports.split(',') as AuthenticatorTransportFuture[]) : undefined);

/** Settings › Passkeys: newest first. */
export async function listPasskeys(ctx: AppContext, userId: string): Promise<Passkey[]> {
  const rows = await ctx.db.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(desc(passkeys.createdAt));
  return rows.map((row) => ({ id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: row.lastUsedAt?.toISOString() ?? null }));
}

/** Adding a passkey, first step: after the password, the options for navigator.credentials.create. */
export async function passkeyRegistrationOptions(ctx: CredentialContext, userId: string, proof: Omit<CredentialAttempt, 'email' | 'device'>) {
  const user = await confirmPassword(ctx, userId, proof);
  const rp = relyingParty(ctx);
  const existing = await ctx.db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  const options = await generateRegistrationOptions({
    rpName: rp.name,
    rpID: rp.id,
    userName: user.username,
    userID: new TextEncoder().encode(user.id),
    userDisplayName: user.fullname,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.id, transports: transportsOf(row) })),
    // a discoverable credential: it signs in without typing an address
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  await keepChallenge(ctx, options.challenge, 'register', userId);
  return options;
}

/** Adding a passkey, second step: the authenticator's answer, checked, and the credential kept. */
export async function registerPasskey(ctx: AppContext, userId: string, response: RegistrationResponseJSON, name: string | undefined): Promise<Passkey> {
  const rp = relyingParty(ctx);
  const verified = await verifyRegistrationResponse({
    response,
    expectedChallenge: takeChallenge(ctx, 'register', userId),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
  }).catch(() => null);
  if (!verified?.verified) throw new AppError('passkey_not_recognised');
  const { credential } = verified.registrationInfo;
  const [row] = await ctx.db
    .insert(passkeys)
    .values({
      id: credential.id,
      userId,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: (credential.transports ?? []).join(','),
      name: name || 'Passkey',
    })
    .onConflictDoNothing()
    .returning();
  if (!row) throw new AppError('passkey_not_recognised');
  return { id: row.id, name: row.name, createdAt: row.createdAt.toISOString(), lastUsedAt: null };
}

/** Removes one of your passkeys (after a fresh second factor when two-factor sign-in is on). */
export async function removePasskey(ctx: AppContext, userId: string, id: string): Promise<void> {
  const removed = await ctx.db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning({ id: passkeys.id });
  if (removed.length === 0) throw new AppError('not_found');
}

/**
 * Signing in with a passkey, first step: the options for navigator.credentials.get. Without a token
 * any passkey of this instance may answer (password-less); with the password step's token, one of
 * that account's (the second factor).
 */
export async function passkeyLoginOptions(ctx: CredentialContext, token: string | undefined) {
  const user = token ? await pendingLoginUser(ctx, token) : null;
  const allowed = user ? await ctx.db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, user.id)) : [];
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).id,
    allowCredentials: allowed.map((row) => ({ id: row.id, transports: transportsOf(row) })),
    userVerification: user ? 'preferred' : 'required',
  });
  await keepChallenge(ctx, options.challenge, 'login', user?.id ?? null);
  return options;
}

export interface PasskeyLogIn {
  client: string;
  response: AuthenticationResponseJSON;
  token?: string;
  challenge?: string;
  deviceCookie?: string;
}

/**
 * Signing in with a passkey: behind the log-in's guards (the per-IP limit first, then, once the
 * account is known, the challenge after failures and the per-account limit). Password-less, the
 * authenticator must have verified its user (a PIN or a fingerprint: two factors in one); with a
 * token, the passkey must be that account's. The session counts as having proved its second factor.
 */
export async function logInWithPasskey(
  ctx: CredentialContext,
  attempt: PasskeyLogIn,
  device: DeviceSummary,
): Promise<{ user: UserRow; token: string; expiresAt: Date }> {
  const pending = attempt.token ? await pendingLoginUser(ctx, attempt.token) : null;
  const [credential] = await ctx.db
    .select()
    .from(passkeys)
    .where(eq(passkeys.id, String(attempt.response.id)))
    .limit(1);
  const [owner] = credential ? await ctx.db.select().from(users).where(eq(users.id, credential.userId)).limit(1) : [];
  if (!credential || !owner || (pending && pending.id !== owner.id)) {
    await consumeRateLimit(ctx.db, `login:${attempt.client}`, ctx.config.rateLimits.loginPer15Min, 900);
    throw new AppError('passkey_not_recognised');
  }
  const known = knownDevice(ctx.email.linkSecret, owner.email, attempt.deviceCookie);
  await guardLoginAttempt(ctx, { client: attempt.client, email: owner.email, challenge: attempt.challenge, device: known });
  if (!(await passkeyAnswered(ctx, credential, attempt.response, pending?.id ?? null, !pending))) {
    await recordLoginFailure(ctx, owner.email);
    throw new AppError('passkey_not_recognised');
  }
  const now = ctx.clock.now();
  if (owner.suspendedAt && (await endLapsedSuspensions(ctx, owner.id)) === 0) throw suspensionRefusal(owner);
  const session = await signInSession(ctx, owner.id, device, known, now);
  return { user: owner, ...session };
}

/**
 * Whether `response` is `credential`'s answer to a challenge this server handed out (to `userId`,
 * or to anyone when null), taken once; on success the credential's counter and last use are kept.
 */
async function passkeyAnswered(
  ctx: AppContext,
  credential: typeof passkeys.$inferSelect,
  response: AuthenticationResponseJSON,
  userId: string | null,
  requireUserVerification: boolean,
): Promise<boolean> {
  const rp = relyingParty(ctx);
  const verified = await verifyAuthenticationResponse({
    response,
    expectedChallenge: takeChallenge(ctx, 'login', userId),
    expectedOrigin: rp.origin,
    expectedRPID: rp.id,
    credential: {
      id: credential.id,
      publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
      counter: credential.counter,
      transports: transportsOf(credential),
    },
    requireUserVerification,
  }).catch(() => null);
  if (!verified?.verified) return false;
  await ctx.db.update(passkeys).set({ counter: verified.authenticationInfo.newCounter, lastUsedAt: ctx.clock.now() }).where(eq(passkeys.id, credential.id));
  return true;
}

/** 'Confirm it is you' with a passkey, first step: the options, naming this account's passkeys only. */
export async function passkeyConfirmOptions(ctx: AppContext, userId: string) {
  const own = await ctx.db.select({ id: passkeys.id, transports: passkeys.transports }).from(passkeys).where(eq(passkeys.userId, userId));
  if (own.length === 0) throw new AppError('passkey_not_recognised');
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(ctx).id,
    allowCredentials: own.map((row) => ({ id: row.id, transports: transportsOf(row) })),
    userVerification: 'preferred',
  });
  await keepChallenge(ctx, options.challenge, 'login', userId);
  return options;
}

/**
 * 'Confirm it is you' with a passkey: one of this account's, answering the challenge it was just
 * given, proves the second factor for this session as a code does (sessions.second_factor_at).
 * A wrong answer counts against the address's log-in limit, as a wrong code does.
 */
export async function confirmWithPasskey(
  ctx: AppContext,
  userId: string,
  sessionId: string,
  client: string,
  response: AuthenticationResponseJSON,
): Promise<void> {
  const [credential] = await ctx.db
    .select()
    .from(passkeys)
    .where(and(eq(passkeys.id, String(response.id)), eq(passkeys.userId, userId)))
    .limit(1);
  if (!credential || !(await passkeyAnswered(ctx, credential, response, userId, false))) {
    await consumeRateLimit(ctx.db, `login:${client}`, ctx.config.rateLimits.loginPer15Min, 900);
    throw new AppError('passkey_not_recognised');
  }
  await ctx.db.update(sessions).set({ secondFactorAt: ctx.clock.now() }).where(eq(sessions.id, sessionId));
}
