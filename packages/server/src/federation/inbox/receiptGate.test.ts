import { describe, expect, it } from 'vitest';
import { createReceiptGate } from './receiptGate.js';

/**
 * `count` pieces of work through `gate`, each taking `ms`; the most running at once and the order
 * they started in. Each piece first waits (up to 2 s) until `company` run at once, so "how many at
 * most" does not depend on how fast a loaded machine starts them.
 */
async function runThrough(gate: ReturnType<typeof createReceiptGate>, count: number, ms: number, company = 1) {
  let running = 0;
  let most = 0;
  const started: number[] = [];
  const waiting: Array<() => void> = [];
  await Promise.all(
    Array.from({ length: count }, (_, i) =>
      gate(async () => {
        started.push(i);
        most = Math.max(most, ++running);
        if (running >= company) waiting.splice(0).forEach((go) => go());
        else await new Promise<void>((resolve) => (waiting.push(resolve), setTimeout(resolve, 2_000)));
        await new Promise((resolve) => setTimeout(resolve, ms));
        running--;
        return i;
      }),
    ),
  );
  return { most, started };
}

describe('the inboxes’ receipt gate', () => {
  it('lets four receipts run at once, in the order they arrived', async () => {
    const { most, started } = await runThrough(
      createReceiptGate(() => false),
      12,
      5,
      4,
    );
    expect(most).toBe(4);
    expect(started).toEqual([...Array(12).keys()]);
  });

  it('lets one at a time through while the app answers requests of its own', async () => {
    const { most, started } = await runThrough(
      createReceiptGate(() => true),
      6,
      2,
    );
    expect(most).toBe(1);
    expect(started).toEqual([...Array(6).keys()]);
  });

  it('while the app is busy, the next receipt rests as long as the last one took; the last one is answered at once', async () => {
    const gate = createReceiptGate(() => true);
    const events: string[] = [];
    const spans: { start: number; end: number }[] = [];
    await Promise.all(
      [0, 1, 2].map((i) =>
        gate(async () => {
          events.push(`start ${i}`);
          const start = performance.now();
          await new Promise((resolve) => setTimeout(resolve, 20));
          spans.push({ start, end: performance.now() });
        }).then(() => events.push(`answered ${i}`)),
      ),
    );
    expect(events).toEqual(['start 0', 'answered 0', 'start 1', 'answered 1', 'start 2', 'answered 2']);
    for (let i = 1; i < spans.length; i++) {
      const took = spans[i - 1]!.end - spans[i - 1]!.start;
      expect(spans[i]!.start - spans[i - 1]!.end).toBeGreaterThanOrEqual(took);
    }
  });

  it('goes back to four once the app is idle, and a failed receipt frees its place', async () => {
    let busy = true;
    const gate = createReceiptGate(() => busy);
    const failed = gate(async () => {
      throw new Error('bad signature');
    });
    await expect(failed).rejects.toThrow('bad signature');
    busy = false;
    const { most } = await runThrough(gate, 8, 5, 4);
    expect(most).toBe(4);
  });

  it('returns what the work returns', async () => {
    await expect(createReceiptGate()(async () => 202)).resolves.toBe(202);
  });

  it('holds no place while a receipt waits for the network: four that wait for a key that never comes let the next ones through', async () => {
    const gate = createReceiptGate(() => false);
    const never = new Promise<never>(() => undefined);
    let waitingOutside = 0;
    const held = Array.from({ length: 4 }, () =>
      gate(async (outside) => {
        waitingOutside++;
        return outside(() => never);
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(waitingOutside).toBe(4);
    const { most, started } = await runThrough(gate, 8, 2);
    expect(most).toBe(4);
    expect(started).toEqual([...Array(8).keys()]);
    void held;
  });

  it('takes its place again after the network answered, before receipts that arrived meanwhile', async () => {
    const gate = createReceiptGate(() => false, 1);
    let answer!: () => void;
    const order: string[] = [];
    const first = gate(async (outside) => {
      await outside(() => new Promise<void>((resolve) => (answer = resolve)));
      order.push('first, after its key');
    });
    await new Promise((resolve) => setImmediate(resolve));
    const second = gate(async () => {
      order.push('second');
      await new Promise((resolve) => setTimeout(resolve, 5));
    });
    const third = gate(async () => void order.push('third'));
    await new Promise((resolve) => setImmediate(resolve));
    answer();
    await Promise.all([first, second, third]);
    expect(order).toEqual(['second', 'first, after its key', 'third']);
  });
});
