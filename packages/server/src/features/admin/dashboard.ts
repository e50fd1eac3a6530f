import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Dashboard, DashboardQueue } from '@askbox/common';
import type { AppContext } from '../../context.js';
import { queryRows } from '../../db/sql.js';
import { isoFromPg } from '../../db/timestamps.js';
import { AppError } from '../../errors.js';
import { outboxCounts } from '../../outbox/batch.js';
import { OUTBOX_QUEUES, outboxQueues } from '../../outbox/queues.js';
import { serverPackageDir } from '../../paths.js';
import { recordAudit } from '../moderation/service.js';

const DAYS = 14;

/** Bytes under `dir` (every file, however deep); 0 when it does not exist yet. */
async function folderBytes(dir: string): Promise<number> {
  const entries = await fs.promises.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  let bytes = 0;
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    bytes += (await fs.promises.stat(path.join(entry.parentPath, entry.name)).catch(() => ({ size: 0 }))).size;
  }
  return bytes;
}
const version = (JSON.parse(fs.readFileSync(path.join(serverPackageDir, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * The admins' dashboard: activity per day, the outgoing queues with their failed rows, the space the
 * database and the pictures take, the version. The queues' counts are /metrics' own (outboxQueues + outboxCounts), not a
 * second query of them.
 */
export async function dashboard(ctx: AppContext): Promise<Dashboard> {
  // UTC days, oldest first, today last
  const today = `${ctx.clock.now().toISOString().slice(0, 10)}T00:00:00Z`;
  const first = new Date(new Date(today).getTime() - (DAYS - 1) * 86_400_000).toISOString();
  const days = await queryRows<{ day: string; signups: number; questions: number; answers: number }>(
    ctx.db,
    sql`select to_char(d.day at time zone 'UTC', 'YYYY-MM-DD') as day,
          (select count(*)::int from users u where u.created_at >= d.day and u.created_at < d.day + interval '1 day') as signups,
          (select count(*)::int from questions q where q.created_at >= d.day and q.created_at < d.day + interval '1 day') as questions,
          (select count(*)::int from questions q where q.answered and q.answered_at >= d.day and q.answered_at < d.day + interval '1 day') as answers
        from generate_series(${first}::timestamptz, ${today}::timestamptz, interval '1 day') as d(day)
        order by d.day`,
  );
  const [totals] = await queryRows<{ active: number; bytes: string }>(
    ctx.db,
    sql`select (select count(distinct user_id)::int from sessions where expires_at > now()) as active,
               pg_database_size(current_database())::text as bytes`,
  );
  const queues = outboxQueues(ctx.config);
  return {
    version,
    database: ctx.database.kind,
    databaseBytes: Number(totals?.bytes ?? 0),
    mediaBytes: ctx.config.storage.driver === 'disk' ? await folderBytes(path.resolve(ctx.config.storage.diskDir ?? ctx.config.dataDir, 'media')) : null,
    activePeople: totals?.active ?? 0,
    days,
    queues: await Promise.all(
      OUTBOX_QUEUES.map(async (queue) => {
        const { table, maxAttempts } = queues[queue];
        const counts = await outboxCounts(ctx.db, table, maxAttempts);
        const failedItems = await queryRows<{ id: string; createdAt: string; attempts: number; lastError: string | null }>(
          ctx.db,
          sql`select id, created_at as "createdAt", attempts, last_error as "lastError" from ${table}
              where not sent and attempts >= ${maxAttempts} order by created_at desc limit 20`,
        );
        return { queue, ...counts, failedItems: failedItems.map((r) => ({ ...r, createdAt: isoFromPg(r.createdAt), lastError: r.lastError ?? '' })) };
      }),
    ),
  };
}

/**
 * Retry gives a failed row a fresh set of attempts, due now; discard deletes it. Rows that have not
 * failed for good are left to their worker. Both are in the audit log.
 */
export async function settleFailedDelivery(
  ctx: AppContext,
  admin: { id: string; username: string },
  queue: DashboardQueue,
  id: string,
  action: 'retry' | 'discard',
): Promise<void> {
  const { table, maxAttempts } = outboxQueues(ctx.config)[queue];
  const failed = sql`id = ${id} and not sent and attempts >= ${maxAttempts}`;
  await ctx.db.transaction(async (tx) => {
    const rows = await queryRows<{ id: string }>(
      tx,
      action === 'retry'
        ? sql`update ${table} set attempts = 0, next_attempt_at = now(), claimed_by = null, last_error = null where ${failed} returning id`
        : sql`delete from ${table} where ${failed} returning id`,
    );
    if (rows.length === 0) throw new AppError('delivery_not_failed');
    await recordAudit(tx, admin, { action: action === 'retry' ? 'delivery_retried' : 'delivery_discarded', targetKind: 'delivery', target: `${queue} ${id}` });
  });
}
