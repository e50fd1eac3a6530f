import type { FastifyInstance } from 'fastify';

/**
 * First come, first served, one request a turn of the event loop (decision 194).
 *
 * With the embedded database a request's statements run in this thread, so a request runs from
 * its first byte to its answer without yielding. libuv reads the sockets of one `epoll_wait`
 * batch one after another, and asks epoll again the moment the batch is done: the connection
 * answered last has not yet sent its next request, misses that batch, and waits for all of it
 * before it is even read, then comes last in the batch after (epoll's level-triggered ready list
 * keeps the others' places). About one request in ten waited two rounds: the feed's p99 was twice
 * its median.
 *
 * Admitting one request a turn puts a poll between any two: whatever arrived meanwhile is read
 * and queued behind what was read before it. A request that waits on I/O (a password hash, a stream)
 * does not hold the queue; only admissions are paced.
 */
export interface Admission {
  /** resolves when it is this caller's turn */
  enter(): Promise<void>;
  /** requests waiting for their turn */
  readonly waiting: number;
}

export function createAdmission(): Admission {
  // at most about one entry per open connection, so a plain array's shift is cheap
  const queue: (() => void)[] = [];
  let scheduled = false;
  const admitNext = () => {
    scheduled = false;
    // the admitted request runs in the microtasks right after this callback; the next one is
    // admitted by a setImmediate queued here, which Node runs only after the next poll
    queue.shift()?.();
    if (queue.length > 0) schedule();
  };
  const schedule = () => {
    if (scheduled) return;
    scheduled = true;
    setImmediate(admitNext);
  };
  return {
    enter() {
      return new Promise<void>((resolve) => {
        queue.push(resolve);
        schedule();
      });
    },
    get waiting() {
      return queue.length;
    },
  };
}

/** Every request, whatever its route, waits for its turn before anything else runs for it. */
export function installAdmission(app: FastifyInstance, admission: Admission = createAdmission()): void {
  app.addHook('onRequest', () => admission.enter());
}
