import { describe, expect, it } from 'vitest';
import { createSerialQueue } from './serialQueue';

const deferred = () => {
  let resolve!: () => void;
  let reject!: (e: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
};

describe('createSerialQueue', () => {
  it('runs tasks of one key in call order, even when an earlier one is slower or fails', async () => {
    const queue = createSerialQueue();
    const log: string[] = [];
    const first = deferred();
    const a = queue.run('bob', async () => {
      log.push('start follow');
      await first.promise;
      log.push('end follow');
    });
    const b = queue.run('bob', async () => {
      log.push('unfollow');
    });
    expect(queue.isIdle('bob')).toBe(false);
    await Promise.resolve();
    expect(log).toEqual(['start follow']);
    first.reject(new Error('network'));
    await expect(a).rejects.toThrow('network');
    await b;
    expect(log).toEqual(['start follow', 'unfollow']);
    await new Promise((r) => setTimeout(r, 0));
    expect(queue.isIdle('bob')).toBe(true);
  });

  it('does not make different keys wait for each other', async () => {
    const queue = createSerialQueue();
    const slow = deferred();
    void queue.run('a', () => slow.promise);
    await queue.run('b', async () => undefined);
    expect(queue.isIdle('a')).toBe(false);
    slow.resolve();
  });
});
