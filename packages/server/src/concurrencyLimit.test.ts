import { describe, expect, it } from 'vitest';
import { concurrencyLimit } from './concurrencyLimit.js';

describe('concurrencyLimit', () => {
  it('runs at most `max` tasks at once, in arrival order, and goes on after a failure', async () => {
    const run = concurrencyLimit(2);
    let running = 0;
    let most = 0;
    const started: number[] = [];
    const task = (n: number) => async () => {
      started.push(n);
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running -= 1;
      if (n === 1) throw new Error('task 1 failed');
      return n;
    };
    const results = await Promise.allSettled([1, 2, 3, 4, 5, 6].map((n) => run(task(n))));
    expect(most).toBe(2);
    expect(started).toEqual([1, 2, 3, 4, 5, 6]);
    expect(results.map((r) => (r.status === 'fulfilled' ? r.value : 'failed'))).toEqual(['failed', 2, 3, 4, 5, 6]);
    // the slots are all free again: two new tasks start at once
    running = 0;
    most = 0;
    await Promise.all([run(task(7)), run(task(8))]);
    expect(most).toBe(2);
  });
});
