/**
 * How many activities the inboxes check and store at once (the signature, the signer, the
 * queueing: fedifyHandler.ts) ...
 */
export const RECEIPTS_AT_ONCE = 4;

/**
 * ... and one at a time while the app answers requests of its own (`busy`), the next one waiting
 * as long as the last one took, so the app's requests have the thread at least half the time. A
 * burst of posts from many servers then waits here, idle, in the order it arrived, instead of a
 * hundred receipts taking turns with the app's requests on the event loop; a receipt that waited
 * starts on a turn of the event loop of its own, after requests read meanwhile.
 */
export function createReceiptGate(busy: () => boolean = () => false, atOnce = RECEIPTS_AT_ONCE) {
  let active = 0;
  const waiting: (() => void)[] = [];
  const allowed = () => (busy() ? 1 : atOnce);
  const admit = () => {
    while (waiting.length > 0 && active < allowed()) {
      active++;
      waiting.shift()!();
    }
  };
  return async function throughGate<T>(work: () => Promise<T>): Promise<T> {
    if (waiting.length === 0 && active < allowed()) active++;
    else {
      await new Promise<void>((resolve) => waiting.push(resolve));
      await new Promise((resolve) => setImmediate(resolve));
    }
    const started = performance.now();
    try {
      return await work();
    } finally {
      // while the app is busy, the next receipt waits as long as this one took (this one's answer does not)
      const restUntil = performance.now() + (busy() ? Math.min(performance.now() - started, MAX_REST_MS) : 0);
      // a timer counts from the event loop's cached clock, which a busy turn leaves behind: it can
      // fire milliseconds early, so the rest is checked against the clock and waited out in full
      const release = () => {
        const left = restUntil - performance.now();
        if (left > 0) return void setTimeout(release, left);
        active--;
        admit();
      };
      release();
    }
  };
}

/** The longest rest between two receipts while the app is busy. */
const MAX_REST_MS = 1000;
