import { describe, expect, it } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { createToggleQueue, toggleQueueFor, type Toggle } from './toggleQueue';

/** A fake server whose answers the test releases one by one, and a log of what the cache was told. */
function fakeToggle() {
  const sent: string[] = [];
  const cache: string[] = [];
  const waiting: { key: string; on: boolean; answer(): void; fail(error: Error): void }[] = [];
  const toggle: Toggle<{ on: boolean }> = {
    show: (key, on) => cache.push(`show ${key} ${on}`),
    send: (key, on) => {
      sent.push(`${key} ${on}`);
      return new Promise((resolve, reject) => waiting.push({ key, on, answer: () => resolve({ on }), fail: reject }));
    },
    reconcile: (key, state) => cache.push(`reconcile ${key} ${state.on}`),
    rollBack: (key, confirmed) => cache.push(`roll back ${key} ${confirmed}`),
  };
  const settle = () => new Promise((r) => setTimeout(r, 0));
  const answerNext = async () => {
    waiting.shift()!.answer();
    await settle();
  };
  const failNext = async (error = new Error('network')) => {
    waiting.shift()!.fail(error);
    await settle();
  };
  return { toggle, sent, cache, inFlight: () => waiting.length, answerNext, failNext };
}

describe('toggle queue', () => {
  it('shows a tap at once, sends one request and reconciles with its answer', async () => {
    const fake = fakeToggle();
    const queue = createToggleQueue(fake.toggle);
    const done = queue.set('p1', true);
    expect(fake.cache).toEqual(['show p1 true']);
    expect(queue.isIdle('p1')).toBe(false);
    await fake.answerNext();
    await expect(done).resolves.toEqual({ on: true });
    expect(fake.sent).toEqual(['p1 true']);
    expect(fake.cache).toEqual(['show p1 true', 'reconcile p1 true']);
    expect(queue.isIdle('p1')).toBe(true);
  });

  it('keeps at most one request in flight; taps meanwhile only change the wanted state', async () => {
    const fake = fakeToggle();
    const queue = createToggleQueue(fake.toggle);
    const taps = [true, false, true, false, true].map((on) => queue.set('p1', on));
    expect(fake.inFlight()).toBe(1);
    expect(fake.cache.filter((c) => c.startsWith('show'))).toHaveLength(5);
    await fake.answerNext();
    // the last tap wanted what the first request did: nothing more to send
    expect(fake.sent).toEqual(['p1 true']);
    expect(fake.inFlight()).toBe(0);
    // every tap of the burst gets its outcome
    for (const tap of taps) await expect(tap).resolves.toEqual({ on: true });
  });

  it('sends one follow-up when the user changed their mind while a request ran, and ends on the last tap', async () => {
    const fake = fakeToggle();
    const queue = createToggleQueue(fake.toggle);
    const first = queue.set('bob', true);
    void queue.set('bob', false);
    void queue.set('bob', true);
    void queue.set('bob', false);
    await fake.answerNext(); // follow arrived, but the user wants 'not following'
    expect(fake.sent).toEqual(['bob true', 'bob false']);
    await fake.answerNext();
    await expect(first).resolves.toEqual({ on: false });
    expect(fake.sent).toEqual(['bob true', 'bob false']);
    // only the answer to the last request reconciles the caches
    expect(fake.cache.filter((c) => !c.startsWith('show'))).toEqual(['reconcile bob false']);
  });

  it('rolls back to the state before the burst when the first request fails, and stops there', async () => {
    const fake = fakeToggle();
    const queue = createToggleQueue(fake.toggle);
    const done = queue.set('p1', true);
    void queue.set('p1', false);
    void queue.set('p1', true);
    const failed = expect(done).rejects.toThrow('offline');
    await fake.failNext(new Error('offline'));
    await failed;
    expect(fake.sent).toEqual(['p1 true']);
    expect(fake.cache.at(-1)).toBe('roll back p1 false');
    expect(queue.isIdle('p1')).toBe(true);
  });

  it('rolls back to what the server last confirmed when a follow-up fails', async () => {
    const fake = fakeToggle();
    const queue = createToggleQueue(fake.toggle);
    const done = queue.set('bob', true);
    void queue.set('bob', false);
    await fake.answerNext(); // the server follows
    const failed = expect(done).rejects.toThrow('network');
    await fake.failNext(); // the unfollow fails: the server still follows
    await failed;
    expect(fake.cache.at(-1)).toBe('roll back bob true');
  });

  it('starts a new burst after the last one settled', async () => {
    const fake = fakeToggle();
    const queue = createToggleQueue(fake.toggle);
    void queue.set('p1', true);
    await fake.answerNext();
    const again = queue.set('p1', false);
    await fake.answerNext();
    await expect(again).resolves.toEqual({ on: false });
    expect(fake.sent).toEqual(['p1 true', 'p1 false']);
  });

  it('does not make different keys wait for each other', async () => {
    const fake = fakeToggle();
    const queue = createToggleQueue(fake.toggle);
    void queue.set('a', true);
    void queue.set('b', true);
    expect(fake.sent).toEqual(['a true', 'b true']);
    expect(fake.inFlight()).toBe(2);
  });

  it('is one queue per toggle and query client, so every button for one post or person shares its taps', () => {
    const like = () => fakeToggle().toggle;
    const follow = () => fakeToggle().toggle;
    const client = new QueryClient();
    expect(toggleQueueFor(client, like)).toBe(toggleQueueFor(client, like));
    expect(toggleQueueFor(client, follow)).not.toBe(toggleQueueFor(client, like));
    expect(toggleQueueFor(new QueryClient(), like)).not.toBe(toggleQueueFor(client, like));
  });
});
