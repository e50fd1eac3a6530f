import { and, eq, lt, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/open.js';
import { idempotencyKeys } from '../db/schema/index.js';
import { AppError } from '../errors.js';
import { pgErrorOf } from '../db/pgError.js';
import type { RecordResult } from '../db/recordResult.js';

/**
 * `Idempotency-Key` on writes a client may send again after a lost answer (a 502 from a proxy whose
 * instance died after the commit): asks, answers, the global question. The result is written in
 * the same transaction as the write, so a key either has its write and its result, or neither.
 * The same key again from the same user on the same route gets the first result (and
 * `Idempotent-Replayed: true`) instead of a second write. Keys are kept a day.
 */
export interface IdempotencyKey {
  userId: string;
  route: string;
  key: string;
}

const KEY_SHAPE = /^[\x21-\x7e]{1,200}$/;
const KEPT_HOURS = 24;
const PRIMARY_KEY = 'idempotency_keys_user_id_route_key_pk';

/** The request's key for `userId`, or null without the header; a malformed one is a 400. */
export function idempotencyKeyOf(request: FastifyRequest, userId: string): IdempotencyKey | null {
  const key = request.headers['idempotency-key'];
  if (key === undefined) return null;
  if (typeof key !== 'string' || !KEY_SHAPE.test(key)) throw new AppError('invalid_idempotency_key');
  return { userId, route: `${request.method} ${request.routeOptions.url ?? request.url}`, key };
}

async function storedResult(db: Db, id: IdempotencyKey): Promise<{ status: number; body: unknown } | null> {
  const [row] = await db
    .select({ status: idempotencyKeys.status, body: idempotencyKeys.body })
    .from(idempotencyKeys)
    .where(and(eq(idempotencyKeys.userId, id.userId), eq(idempotencyKeys.route, id.route), eq(idempotencyKeys.key, id.key)));
  return row ?? null;
}

/**
 * Runs `write` once per key and answers `status` with its result. `write` calls the recorder it is
 * given inside its transaction. Two requests racing with one key: the second one's insert of the
 * key waits for the first transaction, fails once it commits (rolling the second write back), and
 * the first result is replayed.
 */
export async function once<T>(
  db: Db,
  id: IdempotencyKey | null,
  status: number,
  write: (record: RecordResult<T> | undefined) => Promise<T>,
): Promise<{ status: number; body: T; replayed: boolean }> {
  if (!id) return { status, body: await write(undefined), replayed: false };
  const replay = async () => {
    const stored = await storedResult(db, id);
    return stored && { status: stored.status, body: stored.body as T, replayed: true };
  };
  const earlier = await replay();
  if (earlier) return earlier;
  const record: RecordResult<T> = async (tx, body) => {
    await tx.insert(idempotencyKeys).values({ ...id, status, body: body === undefined ? null : body });
  };
  try {
    const body = await write(record);
    // now and then, keys older than a day go
    if (Math.random() < 0.01) await db.delete(idempotencyKeys).where(lt(idempotencyKeys.createdAt, sql`now() - make_interval(hours => ${KEPT_HOURS})`));
    return { status, body, replayed: false };
  } catch (error) {
    if (pgErrorOf(error).constraint !== PRIMARY_KEY) throw error;
    const first = await replay();
    if (!first) throw error;
    return first;
  }
}
