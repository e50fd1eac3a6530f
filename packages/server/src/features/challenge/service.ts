import crypto from 'node:crypto';
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sql } from 'drizzle-orm';
import type { ChallengePurpose } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/sql.js';
import { AppError } from '../../errors.js';

/** How long a challenge can be solved and spent: ample for a slow phone, short for a stockpile. */
export const CHALLENGE_TTL_SECONDS = 10 * 60;

/** The challenges' HMAC key: its own, derived from the server's link secret (stored once in the database). */
export const challengeSecret = (linkSecret: Buffer): string => crypto.createHmac('sha256', linkSecret).update('askbox proof-of-work challenges').digest('hex');

/**
 * A signed challenge for one form: SHA-256 of salt + counter must start with `difficulty` zero hex
 * digits (16^difficulty tries on average; 4 takes a phone about a second). The purpose is signed
 * into it, so a solution made for one form is refused by another.
 */
export async function issueChallenge(ctx: AppContext, secret: string, purpose: ChallengePurpose): Promise<Challenge> {
  return createChallenge({
    algorithm: 'SHA-256',
    cost: 1,
    deriveKey,
    keyPrefix: '0'.repeat(ctx.config.challenge.difficulty),
    expiresAt: new Date(ctx.clock.now().getTime() + CHALLENGE_TTL_SECONDS * 1000),
    data: { purpose },
    hmacSignatureSecret: secret,
  });
}

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

function decodePayload(field: string): Payload | null {
  try {
    const value = JSON.parse(Buffer.from(field, 'base64').toString('utf8')) as Partial<Payload>;
    if (!value?.challenge?.parameters || typeof value.challenge.signature !== 'string' || typeof value.solution?.counter !== 'number') return null;
    return value as Payload;
  } catch {
    return null;
  }
}

/**
 * Checks a solved challenge for `purpose` and spends it: its signature, its expiry, the solution,
 * then a row keyed by the signature's hash, inserted once (a replay, even racing, finds it there).
 * No field: `challenge_required`; anything else wrong: `challenge_invalid`.
 */
export async function spendChallenge(ctx: AppContext, secret: string, purpose: ChallengePurpose, field: string | undefined): Promise<void> {
  if (!field) throw new AppError('challenge_required');
  const payload = decodePayload(field);
  if (!payload || payload.challenge.parameters.data?.purpose !== purpose) throw new AppError('challenge_invalid');
  // altcha-lib reads the clock itself: the expiry is also checked against ours, which tests move
  const expiresAt = payload.challenge.parameters.expiresAt;
  if (typeof expiresAt !== 'number' || expiresAt * 1000 <= ctx.clock.now().getTime()) throw new AppError('challenge_invalid');
  const result = await verifySolution({ challenge: payload.challenge, solution: payload.solution, deriveKey, hmacSignatureSecret: secret }).catch(() => null);
  if (!result?.verified) throw new AppError('challenge_invalid');
  const id = crypto.createHash('sha256').update(payload.challenge.signature!).digest('hex');
  const spent = await queryRows<{ id: string }>(
    ctx.db,
    sql`insert into spent_challenges (id, expires_at) values (${id}, to_timestamp(${expiresAt})) on conflict (id) do nothing returning id`,
  );
  if (spent.length === 0) throw new AppError('challenge_invalid');
}

export { FREE_LOGIN_FAILURES, loginNeedsChallenge, recordLoginFailure } from './loginFailures.js';
