import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { sentQuestions } from '../../db/schema/index.js';
import { events } from '../../events/emit.js';
import { deliverQuestionToSet, setIdPrefix } from '../asking/pipeline.js';
import type { RecordResult } from '../../db/recordResult.js';
import { recordAudit } from '../moderation/service.js';

interface Logger {
  info(obj: object, msg: string): void;
}

/**
 * The admin's global question (as in the product spec): one anonymous question for every user of the app,
 * written by ONE set-based statement (deliverQuestionToSet) inside one transaction together with its side
 * effects (push outbox rows, live events), so it is all-or-nothing and can never be sent twice
 * by a half-finished run. The sender is kept (never shown: the question is anonymous). Like any
 * anonymous question it skips those who refuse them (and paused inboxes), and a muted word of it
 * keeps it out of an inbox (dropped, or kept in the Filtered folder); the count is of everyone it was addressed to, so it tells the admin nothing private. That count is kept once, on the admin's record of what they sent, for
 * their export: recounting rows later would tell who deleted it or muted one of its words.
 */
export async function sendGlobalQuestion(
  ctx: AppContext,
  admin: { id: string; username: string },
  text: string,
  log: Logger,
  record?: RecordResult<{ count: number }>,
): Promise<{ count: number }> {
  const adminId = admin.id;
  const at = new Date();
  log.info({ adminId }, 'global question: sending to every user');
  const count = await ctx.db.transaction(async (tx) => {
    // everyone, but as the instance's own announcement: 'Who may ask me' and blocks do not apply (visibility/asking.ts)
    const { addressed, written } = await deliverQuestionToSet(tx, {
      channel: 'global',
      facts: { asker: { kind: 'instance', adminId }, receivers: sql`true`, now: at },
      question: { senderId: adminId, text, isAnonymous: true, isGlobal: true, toFollowers: false, createdAt: at },
      idPrefix: setIdPrefix(at),
      senderRecords: false,
    });
    log.info({ count: addressed, written }, 'global question: questions written, queueing notifications');
    await tx
      .insert(sentQuestions)
      .values({ id: crypto.randomUUID(), senderId: adminId, receiverId: null, text, isAnonymous: true, createdAt: at, globalReceivers: addressed });
    await events.emit(tx, ctx, { type: 'globalQuestionSent', text, count: addressed, at });
    await recordAudit(tx, admin, { action: 'global_question_sent', targetKind: 'instance', target: 'instance', detail: text });
    await record?.(tx, { count: addressed });
    return addressed;
  });
  log.info({ count }, 'global question: sent');
  return { count };
}
