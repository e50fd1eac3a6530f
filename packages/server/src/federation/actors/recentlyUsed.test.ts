import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentlyUsed } from './recentlyUsed.js';

afterEach(() => {
  vi.useRealTimers();
});

describe('values kept for a while (recent keys and actors)', () => {
  it('keeps the most recently used ones up to its capacity', () => {
    const kept = new RecentlyUsed<number>(2, 60_000);
    kept.set('a', 1);
    kept.set('b', 2);
    expect(kept.get('a')).toBe(1); // a is now the most recently used
    kept.set('c', 3);
    expect(kept.get('b')).toBeUndefined();
    expect(kept.get('a')).toBe(1);
    expect(kept.get('c')).toBe(3);
  });

  it('forgets a value after its time, or when told; setting it again replaces it', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const kept = new RecentlyUsed<string>(10, 60_000);
    kept.set('actor', 'Mo');
    kept.set('actor', 'Mo, renamed');
    vi.advanceTimersByTime(59_000);
    expect(kept.get('actor')).toBe('Mo, renamed');
    vi.advanceTimersByTime(2_000);
    expect(kept.get('actor')).toBeUndefined();
    kept.set('key', 'pem');
    kept.forget('key');
    expect(kept.get('key')).toBeUndefined();
  });
});
