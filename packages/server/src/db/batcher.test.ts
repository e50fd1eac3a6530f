import { describe, expect, it } from 'vitest';
import { Batcher } from './batcher.js';

interface Op {
  key: string;
  value: number;
}

/** A batcher whose batches wait until the test lets them finish, recording what each carried. */
function controlledBatcher(options: { stallMs?: number; maxBatch?: number; maxInFlight?: number } = {}) {
  const batches: Op[][] = [];
  const finishers: (() => void)[] = [];
  let failNext: Error | null = null;
  const batcher = new Batcher<Op, number>({
    key: (op) => op.key,
    ...options,
    run: (ops) => {
      batches.push(ops);
      const error = failNext;
      failNext = null;
      return new Promise((resolve, reject) => finishers.push(() => (error ? reject(error) : resolve(ops.map((op) => op.value * 10)))));
    },
  });
  return {
    batcher,
    batches,
    /** lets the oldest unfinished batch finish, then lets the batcher react */
    async finishOne() {
      finishers.shift()!();
      await new Promise((resolve) => setImmediate(resolve));
    },
    failNextBatch(error: Error) {
      failNext = error;
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('Batcher', () => {
  it('sends a write that finds nothing running at once, alone', async () => {
    const c = controlledBatcher();
    const result = c.batcher.submit({ key: 'a', value: 1 });
    expect(c.batches).toEqual([[{ key: 'a', value: 1 }]]);
    await c.finishOne();
    await expect(result).resolves.toBe(10);
  });

  it('sends the writes that arrive while a batch runs together in the next one, each with its own result', async () => {
    const c = controlledBatcher();
    const first = c.batcher.submit({ key: 'a', value: 1 });
    const waiting = [c.batcher.submit({ key: 'b', value: 2 }), c.batcher.submit({ key: 'c', value: 3 }), c.batcher.submit({ key: 'd', value: 4 })];
    expect(c.batches).toHaveLength(1);
    await c.finishOne();
    expect(c.batches[1]!.map((op) => op.key)).toEqual(['b', 'c', 'd']);
    await c.finishOne();
    await expect(first).resolves.toBe(10);
    await expect(Promise.all(waiting)).resolves.toEqual([20, 30, 40]);
  });

  it('never puts two writes of one key in one batch, and runs them in the order they came', async () => {
    const c = controlledBatcher();
    const results = [
      c.batcher.submit({ key: 'a', value: 1 }),
      c.batcher.submit({ key: 'a', value: 2 }),
      c.batcher.submit({ key: 'b', value: 3 }),
      c.batcher.submit({ key: 'a', value: 4 }),
    ];
    await c.finishOne();
    await c.finishOne();
    await c.finishOne();
    expect(c.batches.map((batch) => batch.map((op) => op.value))).toEqual([[1], [2, 3], [4]]);
    await expect(Promise.all(results)).resolves.toEqual([10, 20, 30, 40]);
  });

  it('keeps batches at most maxBatch long', async () => {
    const c = controlledBatcher({ maxBatch: 2 });
    const results = [1, 2, 3, 4, 5].map((value) => c.batcher.submit({ key: `k${value}`, value }));
    await c.finishOne();
    await c.finishOne();
    await c.finishOne();
    expect(c.batches.map((batch) => batch.length)).toEqual([1, 2, 2]);
    await expect(Promise.all(results)).resolves.toEqual([10, 20, 30, 40, 50]);
  });

  it('fails every write of a failed batch with its error, and goes on with the next writes', async () => {
    const c = controlledBatcher();
    const first = c.batcher.submit({ key: 'a', value: 1 });
    c.failNextBatch(new Error('the database went away'));
    const failing = Promise.allSettled([c.batcher.submit({ key: 'b', value: 2 }), c.batcher.submit({ key: 'c', value: 3 })]);
    await c.finishOne();
    await c.finishOne();
    expect((await failing).map((r) => (r.status === 'rejected' ? (r.reason as Error).message : r.status))).toEqual([
      'the database went away',
      'the database went away',
    ]);
    await expect(first).resolves.toBe(10);
    const after = c.batcher.submit({ key: 'b', value: 5 });
    await c.finishOne();
    await expect(after).resolves.toBe(50);
  });

  it('starts another batch beside one that stays blocked, once writes have waited stallMs, up to maxInFlight', async () => {
    const c = controlledBatcher({ stallMs: 20, maxInFlight: 2 });
    const blocked = c.batcher.submit({ key: 'a', value: 1 });
    const behind = c.batcher.submit({ key: 'b', value: 2 });
    await tick();
    expect(c.batches).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(c.batches).toHaveLength(2);
    const third = c.batcher.submit({ key: 'c', value: 3 });
    await new Promise((resolve) => setTimeout(resolve, 60));
    // two batches run already: the third waits for one of them
    expect(c.batches).toHaveLength(2);
    await c.finishOne();
    await c.finishOne();
    await c.finishOne();
    await expect(Promise.all([blocked, behind, third])).resolves.toEqual([10, 20, 30]);
  });

  it('a write of a key in a blocked batch waits for it, even when another batch starts beside it', async () => {
    const c = controlledBatcher({ stallMs: 10 });
    const first = c.batcher.submit({ key: 'a', value: 1 });
    const again = c.batcher.submit({ key: 'a', value: 2 });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(c.batches).toHaveLength(1);
    await c.finishOne();
    expect(c.batches.map((batch) => batch.map((op) => op.value))).toEqual([[1], [2]]);
    await c.finishOne();
    await expect(Promise.all([first, again])).resolves.toEqual([10, 20]);
  });

  it('fails the writes of a batch that returned the wrong number of results', async () => {
    const batcher = new Batcher<Op, number>({ key: (op) => op.key, run: async () => [] });
    await expect(batcher.submit({ key: 'a', value: 1 })).rejects.toThrow('a batch of 1 writes returned 0 results');
  });
});
