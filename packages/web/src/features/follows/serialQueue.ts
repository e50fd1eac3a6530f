/**
 * Runs tasks with the same key one after another, in call order (a failed task does not stop the
 * next). Rapid follow/unfollow taps reach the server in the order they were made, so the last tap wins.
 */
export function createSerialQueue() {
  const queues = new Map<string, { tail: Promise<unknown>; pending: number }>();
  return {
    run<T>(key: string, task: () => Promise<T>): Promise<T> {
      const entry = queues.get(key) ?? { tail: Promise.resolve(), pending: 0 };
      entry.pending += 1;
      const result = entry.tail.then(task, task);
      entry.tail = result
        .catch(() => undefined)
        .finally(() => {
          entry.pending -= 1;
          if (entry.pending === 0) queues.delete(key);
        });
      queues.set(key, entry);
      return result;
    },
    /** No task for this key is waiting or running. */
    isIdle: (key: string) => !queues.has(key),
  };
}
