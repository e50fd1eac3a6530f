/**
 * How many activities the inboxes check and store at once (the signature, the signer, the
 * queueing: fedify/requestHandler.ts) ...
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
  /** A place in the gate; `again`: one that left it to wait for the network goes first. */
  const enter = async (again = false) => {
    if (waiting.length === 0 && active < allowed()) return void active++;
    await new Promise<void>((resolve) => (again ? waiting.unshift(resolve) : waiting.push(resolve)));
    await new Promise((resolve) => setImmediate(resolve));
  };
  /**
   * Runs `work` in the gate. What it waits for on the network (a key, an actor: `outside`) it waits
   * for outside the gate, its place given to the next receipt meanwhile, so a server that never
   * answers holds no place (decision 345).
   */
  return async function throughGate<T>(work: (outside: Outside) => Promise<T>): Promise<T> {
    await enter();
    let took = 0;
    let since = performance.now();
    const outside: Outside = async (waitFor) => {
      took += performance.now() - since;
      active--;
      admit();
      try {
        return await waitFor();
      } finally {
        await enter(true);
        since = performance.now();
      }
    };
    try {
      return await work(outside);
    } finally {
      took += performance.now() - since;
      // while the app is busy, the next receipt waits as long as this one took (this one's answer does not)
      const restUntil = performance.now() + (busy() ? Math.min(took, MAX_REST_MS) : 0);
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

/** Waits for `waitFor` outside the gate, then takes a place in it again. */
export type Outside = <U>(waitFor: () => Promise<U>) => Promise<U>;

/** The longest rest between two receipts while the app is busy. */
const MAX_REST_MS = 1000;
