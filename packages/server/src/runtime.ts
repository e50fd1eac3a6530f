/**
 * What a context keeps in memory while it lives: caches and work in flight (the day's visitor key,
 * the card cache and the cards being drawn, the like batcher, friend rankings being computed,
 * imported federation keys). The composition root makes one with each context (one per server,
 * one per CLI run) and it ends with it; no module holds such state itself, so two apps in one
 * process (tests, instances side by side) never share a cache.
 *
 * Each owner declares its own slot (`runtimeSlot`) and gets its value on first use, so the owner
 * keeps its types and this file knows none of them.
 */
export class Runtime {
  private readonly values = new Map<symbol, unknown>();

  /** The value of `slot` in this runtime, made by `make` the first time it is asked for. */
  of<T>(slot: RuntimeSlot<T>, make: () => T): T {
    if (!this.values.has(slot.key)) this.values.set(slot.key, make());
    return this.values.get(slot.key) as T;
  }
}

export interface RuntimeSlot<T> {
  readonly key: symbol;
  /** for the type only */
  readonly type?: T;
}

export const runtimeSlot = <T>(name: string): RuntimeSlot<T> => ({ key: Symbol(name) });
