import type { DbOrTx } from './open.js';

/**
 * Handed to a write by a caller that keeps its result (an Idempotency-Key's replay): called inside
 * the write's transaction with what it answers, so the result and the write commit together.
 */
export type RecordResult<T> = (tx: DbOrTx, body: T) => Promise<void>;
