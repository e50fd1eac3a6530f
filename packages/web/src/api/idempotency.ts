/**
 * The Idempotency-Key of a write the server must not make twice (asks, answers, the global
 * question). One key per write until it is settled: sent again after a lost answer (a 502 or 503,
 * the network), the same write carries the same key and the server answers with the first result
 * instead of writing it again. Settled (a success, or a refusal that sending again will not change),
 * the next identical write is a new one.
 */
const pending = new Map<string, string>();

function newKey(): string {
  // getRandomValues works on plain-http addresses too (randomUUID needs a secure context)
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

export function idempotencyKeyFor(write: string): string {
  let key = pending.get(write);
  if (!key) pending.set(write, (key = newKey()));
  return key;
}

export function settled(write: string): void {
  pending.delete(write);
}
