import type { ServerResponse } from 'node:http';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/open.js';
import { follows, users } from '../db/schema/index.js';
import type { BusMessage, EventBus } from './bus.js';

/** Open live streams per account on one instance: many tabs and devices, not thousands. */
export const MAX_STREAMS_PER_USER = 20;

interface Stream {
  userId: string;
  sessionId: string;
  res: ServerResponse;
  /** How many events this stream has been sent: its next event's id is one more. */
  sent: number;
}

/**
 * The open SSE streams of this instance. Bus messages name an audience; the hub finds the
 * matching streams here (followers are looked up among the connected users only).
 *
 * What a stream carries depends on its own events alone (decision 210): its ids count its own
 * events (1, 2, 3...), never a sequence shared with other streams, whose gaps would count other
 * people's tabs and events; and messages are delivered one after the other, in the order the bus
 * heard them (commit order), even when one needs a look-up and the next does not.
 */
export class LiveHub {
  private readonly streams = new Set<Stream>();
  private delivering: Promise<void> = Promise.resolve();
  private readonly heartbeat: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(
    bus: EventBus,
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    heartbeatMs: number,
  ) {
    this.unsubscribe = bus.subscribe((message) => this.inOrder(() => this.deliver(message)));
    this.heartbeat = setInterval(() => {
      for (const stream of this.streams) stream.res.write(': heartbeat\n\n');
    }, heartbeatMs);
    this.heartbeat.unref();
  }

  /**
   * Registers a stream; the returned function removes it. An account keeps at most
   * `MAX_STREAMS_PER_USER` open here (its tabs and devices): beyond, its oldest one ends (a real tab
   * reconnects by itself), so one account cannot hold sockets and heartbeats without bound.
   */
  add(opened: Omit<Stream, 'sent'>, options: { resuming?: boolean } = {}): () => void {
    const stream: Stream = { ...opened, sent: 0 };
    const own = [...this.streams].filter((other) => other.userId === stream.userId);
    for (const oldest of own.slice(0, Math.max(0, own.length - MAX_STREAMS_PER_USER + 1))) {
      oldest.res.end();
      this.streams.delete(oldest);
    }
    this.streams.add(stream);
    // events are not stored: a browser coming back (Last-Event-ID) refetches everything live instead
    if (options.resuming) this.send(stream, 'resync');
    return () => this.streams.delete(stream);
  }

  /** Every open stream refetches: events published while this instance could not hear them were missed. */
  resyncAll(): void {
    this.inOrder(async () => {
      for (const stream of this.streams) this.send(stream, 'resync');
    });
  }

  get size(): number {
    return this.streams.size;
  }

  /** Ends every stream (app close). */
  closeAll(): void {
    clearInterval(this.heartbeat);
    this.unsubscribe();
    for (const stream of this.streams) stream.res.end();
    this.streams.clear();
  }

  private send(stream: Stream, type: string): void {
    stream.sent += 1;
    stream.res.write(`id: ${stream.sent}\nevent: ${type}\ndata: {}\n\n`);
  }

  /** Queues `work` after what is being delivered; a failure is logged and never stops the queue. */
  private inOrder(work: () => Promise<void>): void {
    this.delivering = this.delivering.then(work).catch((error: unknown) => this.log.error({ err: error }, 'could not deliver a live event'));
  }

  private async deliver(message: BusMessage): Promise<void> {
    for (const stream of await this.targetsOf(message)) {
      if (message.type === 'logout' || message.type === 'suspended') {
        // the browser learns why before the stream ends; a plain logout needs no word
        if (message.type === 'suspended') this.send(stream, message.type);
        stream.res.end();
        this.streams.delete(stream);
      } else {
        this.send(stream, message.type);
      }
    }
  }

  private async targetsOf(message: BusMessage): Promise<Stream[]> {
    const all = [...this.streams];
    const to = message.to;
    if ('everyone' in to) return all;
    if ('userId' in to) return all.filter((s) => s.userId === to.userId);
    if ('sessionId' in to) return all.filter((s) => s.sessionId === to.sessionId);
    const connected = [...new Set(all.map((s) => s.userId))];
    if (connected.length === 0) return [];
    if ('admins' in to) {
      // the moderation queue: admins and moderators among the connected users, their role read now
      const admins = await this.db
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.role, ['admin', 'moderator']), inArray(users.id, connected)));
      const ids = new Set(admins.map((r) => r.id));
      return all.filter((s) => ids.has(s.userId));
    }
    const rows = await this.db
      .select({ id: follows.followerId })
      .from(follows)
      .where(and(eq(follows.followeeId, to.followersOf), inArray(follows.followerId, connected)));
    const followers = new Set(rows.map((r) => r.id));
    return all.filter((s) => followers.has(s.userId));
  }
}
