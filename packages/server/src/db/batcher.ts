/**
 * Many callers' small writes as one statement (decision 200). Each `submit` waits for the
 * statement that carries its write, so a caller still answers only once its write is committed.
 * While a batch runs, the writes that arrive wait and go together in the next one: one commit,
 * and one flush of the write-ahead log, for all of them. Nothing waits on a quiet server: a write
 * that finds no batch running goes at once, alone.
 *
 * Two writes with the same key never share a batch (the later one waits for the next), so one
 * key's writes run in the order they came. A batch that stays blocked (a row lock held by a long
 * transaction, say) holds up the writes behind it for at most `stallMs`: then another batch starts
 * beside it, up to `maxInFlight`.
 */
export interface BatcherOptions<Op, Out> {
  /** Writes with the same key never share a batch. */
  key: (op: Op) => string;
  /** Runs one batch; returns one result per op, in order. */
  run: (ops: Op[]) => Promise<Out[]>;

  /** At most this many ops a batch. */
  maxBatch?: number;
  /** How long writes wait behind running batches before another batch starts beside them. */
  stallMs?: number;
  /** At most this many batches at once. */
  maxInFlight?: number;
}

interface Waiting<Op, Out> {
  op: Op;
  resolve: (out: Out) => void;
  reject: (error: unknown) => void;
}

export class Batcher<Op, Out> {
  private queue: Waiting<Op, Out>[] = [];
  /** the keys of the writes in running batches */
  private readonly running = new Set<string>();
  private inFlight = 0;
  private stallTimer: NodeJS.Timeout | null = null;
  private readonly maxBatch: number;
  private readonly stallMs: number;
  private readonly maxInFlight: number;

  constructor(private readonly options: BatcherOptions<Op, Out>) {
    this.maxBatch = options.maxBatch ?? 64;
    this.stallMs = options.stallMs ?? 50;
    this.maxInFlight = options.maxInFlight ?? 4;
  }

  submit(op: Op): Promise<Out> {
    return new Promise<Out>((resolve, reject) => {
      this.queue.push({ op, resolve, reject });
      if (this.inFlight === 0) this.startBatch();
      else this.watchForStall();
    });
  }

  private startBatch(): void {
    const batch = this.take();
    if (batch.length === 0) return;
    const keys = batch.map((w) => this.options.key(w.op));
    for (const key of keys) this.running.add(key);
    this.inFlight += 1;
    const settle = async () => {
      try {
        const outs = await this.options.run(batch.map((w) => w.op));
        if (outs.length !== batch.length) throw new Error(`a batch of ${batch.length} writes returned ${outs.length} results`);
        batch.forEach((w, i) => w.resolve(outs[i]!));
      } catch (error) {
        for (const w of batch) w.reject(error);
      } finally {
        this.finished(keys);
      }
    };
    void settle();
  }

  /** A batch has run: the writes that waited go now (a write whose key is still in a running batch waits for it). */
  private finished(keys: string[]): void {
    for (const key of keys) this.running.delete(key);
    this.inFlight -= 1;
    this.clearStallTimer();
    if (this.queue.length > 0) this.startBatch();
    if (this.queue.length > 0) this.watchForStall();
  }

  /** The next batch: the oldest writes, one per key, none whose key is in a running batch. */
  private take(): Waiting<Op, Out>[] {
    const seen = new Set<string>(this.running);
    const batch: Waiting<Op, Out>[] = [];
    const rest: Waiting<Op, Out>[] = [];
    for (const waiting of this.queue) {
      const key = this.options.key(waiting.op);
      if (batch.length < this.maxBatch && !seen.has(key)) batch.push(waiting);
      else rest.push(waiting);
      // a key seen once stays taken: a later write of it never overtakes an earlier one
      seen.add(key);
    }
    this.queue = rest;
    return batch;
  }

  private watchForStall(): void {
    if (this.stallTimer || this.inFlight >= this.maxInFlight) return;
    this.stallTimer = setTimeout(() => {
      this.stallTimer = null;
      if (this.queue.length > 0 && this.inFlight < this.maxInFlight) this.startBatch();
      if (this.queue.length > 0) this.watchForStall();
    }, this.stallMs);
    this.stallTimer.unref();
  }

  private clearStallTimer(): void {
    if (this.stallTimer) clearTimeout(this.stallTimer);
    this.stallTimer = null;
  }
}
