/**
 * At most `max` of the tasks given to `run` at once; the others wait their turn, first come first
 * served. For work that holds much memory or a libuv thread while it runs (decoding a picture),
 * so a burst of it cannot exhaust memory or starve logins' scrypt and file reads of threads.
 */
export function concurrencyLimit(max: number) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    // a finished task hands its slot straight to the next in line, so none can slip in between
    if (running < max) running += 1;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
