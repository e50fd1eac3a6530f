import { desc, eq } from 'drizzle-orm';
import type { FediverseServerBlockList } from '@askbox/common';
import type { Db } from '../../db/open.js';
import { federationDomainBlocks } from '../../db/schema/index.js';
import { recordAudit, type AuditActor } from '../moderation/service.js';

/**
 * The operator's blocks of whole remote servers (decision 326): what a blocked server sends is
 * dropped at the inbox (answered like anything else), nothing is delivered to it, and a block
 * covers its subdomains (federation/servers/serverBlocks.ts reads them). Each change is in the audit log.
 */
export async function blockFediverseServer(db: Db, actor: AuditActor, domain: string, reason = ''): Promise<boolean> {
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(federationDomainBlocks)
      .values({ domain, reason })
      .onConflictDoNothing()
      .returning({ domain: federationDomainBlocks.domain });
    if (inserted.length > 0) await recordAudit(tx, actor, { action: 'fediverse_server_blocked', targetKind: 'server', target: domain, reason });
    return inserted.length > 0;
  });
}

/** Lifts a block; false when there was none. */
export async function unblockFediverseServer(db: Db, actor: AuditActor, domain: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(federationDomainBlocks)
      .where(eq(federationDomainBlocks.domain, domain))
      .returning({ domain: federationDomainBlocks.domain });
    if (deleted.length > 0) await recordAudit(tx, actor, { action: 'fediverse_server_unblocked', targetKind: 'server', target: domain });
    return deleted.length > 0;
  });
}

/** Every blocked server, newest first (a list an operator keeps short: no paging). */
export async function fediverseServerBlocks(db: Db): Promise<FediverseServerBlockList> {
  const rows = await db.select().from(federationDomainBlocks).orderBy(desc(federationDomainBlocks.createdAt), federationDomainBlocks.domain);
  return { items: rows.map((row) => ({ domain: row.domain, reason: row.reason, createdAt: row.createdAt.toISOString() })) };
}
