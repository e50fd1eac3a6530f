import crypto from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import { sentQuestions } from '../../db/schema/index.js';
import { events } from '../../events/emit.js';
import { deliverQuestionToSet } from '../asking/pipeline.js';
import type { RecordResult } from '../../db/recordResult.js';
import { recordAudit } from '../moderation/service.js';

interface Logger {
  info(obj: object, msg: string): void;
}

/**
 * Ids for the rows of one global question: a UUIDv7-shaped prefix (the time, 26 random bits)
 * and the receiver's number among everyone addressed. Rows inserted in receiver order with growing ids land at the right edge
 * of the primary key and walk the inbox index and the users' key once, in order, instead of
 * 100,000 random pages each: 5.2 s became 1.7 s at 100,000 users (decision 144).
 */
export function globalQuestionIdPrefix(at: Date): string {
  const time = at.getTime().toString(16).padStart(12, '0');
  const random = crypto.randomBytes(4).toString('hex');
  const variant = (8 | (parseInt(random[3]!, 16) & 3)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(0, 3)}-${variant}${random.slice(4, 7)}-`;
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
      question: { senderId: adminId, text, isAnonymous: true, isGlobal: true, createdAt: at },
      idPrefix: globalQuestionIdPrefix(at),
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
