import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import { PAGE_SIZE, type AuditAction, type AuditPage, type AuditTargetKind } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { beforeCursor, decodeCursor, newestFirst, toPage } from '../../db/pagination.js';
import { auditLog } from '../../db/schema/index.js';
import { queryRows } from '../../db/sql.js';
import { isoFromPg } from '../../db/timestamps.js';

/**
 * Who acted: a person (id and username), the server itself (a timed suspension that ended) or the
 * operator's command line. The two last are kept as ':server' and ':cli' (no username starts with ':').
 */
export type AuditActor = { id: string; username: string } | 'server' | 'cli';

export interface AuditRecord {
  action: AuditAction;
  targetKind: AuditTargetKind;
  /** a username, a report id, a question id, 'instance': never the sender of an anonymous question */
  target: string;
  reason?: string;
  detail?: string;
}

/**
 * Writes one entry of the audit log (decision 289) in the transaction of the action itself, so an
 * action that rolls back leaves no entry and one that commits always has its entry.
 */
export async function recordAudit(tx: DbOrTx, actor: AuditActor, entry: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    id: crypto.randomUUID(),
    actorId: typeof actor === 'string' ? null : actor.id,
    actorUsername: typeof actor === 'string' ? `:${actor}` : actor.username,
    action: entry.action,
    targetKind: entry.targetKind,
    target: entry.target,
    reason: entry.reason ?? '',
    detail: entry.detail ?? '',
  });
}

interface AuditRow {
  id: string;
  createdAt: string;
  actor: string;
  action: AuditAction;
  targetKind: AuditTargetKind;
  target: string;
  reason: string;
  detail: string;
}

/** The audit log, newest first, 20 a page (admins). */
export async function auditPage(db: DbOrTx, rawCursor?: string): Promise<AuditPage> {
  const cursor = decodeCursor(rawCursor);
  const rows = await queryRows<AuditRow>(
    db,
    sql`select id, created_at as "createdAt", actor_username as actor, action, target_kind as "targetKind", target, reason, detail
        from audit_log
        where ${beforeCursor(sql`created_at`, sql`id`, cursor)}
        order by ${newestFirst(sql`created_at`, sql`id`)}
        limit ${PAGE_SIZE + 1}`,
  );
  const page = toPage(rows, PAGE_SIZE, (r) => r.createdAt);
  return { items: page.rows.map((r) => ({ ...r, createdAt: isoFromPg(r.createdAt) })), nextCursor: page.nextCursor };
}
