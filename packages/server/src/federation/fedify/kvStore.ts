import type { KvKey, KvStore, KvStoreSetOptions } from '@fedify/fedify';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/open.js';
import { queryRows } from '../../db/sql.js';

/**
 * Fedify's key-value store on our own database (the `federation_kv` table), so PGlite and
 * PostgreSQL both work and every instance shares the cache of remote keys and documents and the
 * inbox's record of activities already processed.
 */
export class PostgresKvStore implements KvStore {
  constructor(private readonly db: Db) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const [row] = await queryRows<{ value: T }>(
      this.db,
      sql`select value from federation_kv where key = ${encodeKey(key)} and (expires_at is null or expires_at > now())`,
    );
    return row?.value;
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const seconds = options?.ttl ? options.ttl.total({ unit: 'seconds' }) : null;
    const expiresAt = seconds === null ? sql`null` : sql`now() + make_interval(secs => ${seconds})`;
    await this.db.execute(sql`
      insert into federation_kv (key, value, expires_at) values (${encodeKey(key)}, ${JSON.stringify(value ?? null, withoutNul)}::jsonb, ${expiresAt})
      on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at`);
  }

  /** Stores `value` unless the key holds one already (then the value there stays): for what must be made once. */
  async add(key: KvKey, value: unknown): Promise<void> {
    await this.db.execute(sql`
      insert into federation_kv (key, value, expires_at) values (${encodeKey(key)}, ${JSON.stringify(value ?? null, withoutNul)}::jsonb, null)
      on conflict (key) do nothing`);
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.execute(sql`delete from federation_kv where key = ${encodeKey(key)}`);
  }

  /** Drops expired entries (run now and then by the delivery worker). */
  async prune(): Promise<void> {
    await this.db.execute(sql`delete from federation_kv where expires_at < now()`);
  }
}

const encodeKey = (key: KvKey) => JSON.stringify(key, withoutNul);

/** jsonb (and text) cannot hold NUL, which remote documents may carry: kept as U+FFFD. */
const withoutNul = (_key: string, value: unknown) => (typeof value === 'string' ? value.replaceAll('\u0000', '\ufffd') : value);
