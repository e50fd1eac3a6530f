import pg from 'pg';
import { sql, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { LiveEventType, SessionEndEvent } from '@askbox/common';
import { DATABASE_RETRY_AFTER_SECONDS, reconnectDelayMs } from '../db/availability.js';
import type { Database, DbOrTx } from '../db/open.js';

/** The one NOTIFY channel every app instance listens on. */
const EVENTS_CHANNEL = 'askbox_events';

/** Who gets a live event; resolved by each instance against its own open streams. */
type Audience = { userId: string } | { followersOf: string } | { sessionId: string } | { everyone: true } | { admins: true };

export interface BusMessage {
  to: Audience;
  /**
   * `logout` ends the streams of one session; `suspended` too, after telling the browser why (its
   * account was suspended); the others reach the browser.
   */
  type: LiveEventType | SessionEndEvent;
}

/**
 * Publishes through PostgreSQL NOTIFY inside the caller's transaction: delivered at commit,
 * dropped on rollback, and received by every instance on the same database.
 */
export async function publishLive(tx: DbOrTx, message: BusMessage): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(message)})`);
}

/**
 * The same publication as an SQL expression, for a hot statement that does its work and notifies
 * in one round trip: `{ to: { userId: <userIdExpr> }, type }`, built by PostgreSQL.
 */
export function liveEventToUserSql(userIdExpr: SQL, type: LiveEventType): SQL {
  return sql`pg_notify(${EVENTS_CHANNEL}, json_build_object('to', json_build_object('userId', ${userIdExpr}), 'type', ${type}::text)::text)`;
}

type Listener = (message: BusMessage) => void;

/**
 * 1, 2, 4, 5, 5 … seconds: a LISTEN connection is one cheap attempt, and live events should be back
 * about when requests are (clients are told to retry after DATABASE_RETRY_AFTER_SECONDS), not up to
 * half a minute after the database is.
 */
const listenRetryDelayMs = (attempt: number) => Math.min(DATABASE_RETRY_AFTER_SECONDS * 1000, reconnectDelayMs(attempt));

/**
 * Receives the channel: PGlite in-process, or a dedicated node-postgres client (LISTEN cannot use a
 * pool). A lost LISTEN connection (a database restart, a killed backend) is opened again with
 * backoff; what was published meanwhile never reached this instance, so `onResume` listeners are
 * told once it listens again (the hub asks every open stream to refetch).
 */
export class EventBus {
  private readonly listeners = new Set<Listener>();
  private readonly resumeListeners = new Set<() => void>();
  private closed = false;
  private unlisten: (() => Promise<void>) | null = null;
  private client: pg.Client | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private reconnecting = false;

  private constructor(
    private readonly database: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  static async start(database: Database, log: FastifyBaseLogger): Promise<EventBus> {
    const bus = new EventBus(database, log);
    await bus.connect();
    return bus;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Called each time the channel is heard again after it was lost: events may have been missed. */
  onResume(listener: () => void): () => void {
    this.resumeListeners.add(listener);
    return () => this.resumeListeners.delete(listener);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.listeners.clear();
    this.resumeListeners.clear();
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (this.unlisten) await this.unlisten().catch(() => undefined);
    if (this.client) await this.client.end().catch(() => undefined);
  }

  private dispatch(payload: string): void {
    let message: BusMessage;
    try {
      message = JSON.parse(payload) as BusMessage;
    } catch {
      this.log.warn({ payload }, 'ignored a malformed live event');
      return;
    }
    for (const listener of this.listeners) listener(message);
  }

  private async connect(): Promise<void> {
    if (this.database.kind === 'pglite') {
      this.unlisten = await this.database.pglite.listen(EVENTS_CHANNEL, (payload) => this.dispatch(payload));
      return;
    }
    const client = new pg.Client({ connectionString: this.database.sessionUrl, keepAlive: true });
    client.on('notification', (n) => {
      if (n.channel === EVENTS_CHANNEL && n.payload) this.dispatch(n.payload);
    });
    let lost = false;
    const onLost = (error?: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = null;
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.log.warn({ err: error }, 'live events connection lost; listening again as soon as the database answers');
      this.reconnectLater(0);
    };
    client.on('error', onLost);
    // a connection closed without an error (the server went away cleanly) is lost all the same
    client.on('end', () => onLost());
    try {
      await client.connect();
      await client.query(`listen ${EVENTS_CHANNEL}`);
    } catch (error) {
      lost = true;
      void client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
  }

  /** One chain of attempts at a time: a failed attempt's client may also say it ended. */
  private reconnectLater(attempt: number): void {
    if (this.closed) return;
    if (attempt === 0) {
      if (this.reconnecting) return;
      this.reconnecting = true;
    }
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      if (this.closed) return;
      this.connect().then(
        () => {
          this.reconnecting = false;
          if (this.closed) return;
          this.log.info('live events connection back; open streams are told to refetch');
          for (const listener of this.resumeListeners) listener();
        },
        (error: unknown) => {
          this.log.warn({ err: error }, `live events connection not back yet; trying again in ${listenRetryDelayMs(attempt + 1) / 1000} s`);
          this.reconnectLater(attempt + 1);
        },
      );
    }, listenRetryDelayMs(attempt));
    this.retryTimer.unref();
  }
}
