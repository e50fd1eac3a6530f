/**
 * Values kept in memory for a while: at most `capacity` (the most recently used), each for at most
 * `ttlMs` after it was set. What this process parsed or fetched of other servers (their keys, their
 * actors), so a burst from one of them does not redo that work for every activity.
 */
export class RecentlyUsed<V> {
  private readonly entries = new Map<string, { value: V; until: number }>();

  constructor(
    private readonly capacity: number,
    private readonly ttlMs: number,
  ) {}

  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    this.entries.delete(key);
    if (entry.until < Date.now()) return undefined;
    this.entries.set(key, entry); // most recently used last
    return entry.value;
  }

  set(key: string, value: V): void {
    this.entries.delete(key);
    this.entries.set(key, { value, until: Date.now() + this.ttlMs });
    for (const oldest of this.entries.keys()) {
      if (this.entries.size <= this.capacity) break;
      this.entries.delete(oldest);
    }
  }

  forget(key: string): void {
    this.entries.delete(key);
  }
}
