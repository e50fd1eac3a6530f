import crypto from 'node:crypto';
import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { AppealEntry, AppealInput } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { suspensionAppeals, users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { events } from '../../events/emit.js';
import { checkCredentials, type CredentialContext } from '../auth/service.js';
import { userSummary } from '../users/views.js';
import { recordAudit } from './audit.js';

/**
 * A suspended person's appeal (decision 287), sent from the sign-in screen that told them why they
 * are suspended. They cannot sign in, so they prove who they are with their email and password
 * through the log-in's own credential check (its limits per IP and per account, its challenge after
 * failures); anyone else gets the sign-in's 'Incorrect email or password'. One appeal
 * per suspension: it reaches the moderation team by email and in the moderation screen.
 */
export async function appealSuspension(ctx: CredentialContext, client: string, input: AppealInput): Promise<{ sent: true }> {
  const user = await checkCredentials(ctx, { client, email: input.email, password: input.password, challenge: input.challenge });
  if (!user.suspendedAt) throw new AppError('not_suspended');
  await ctx.db.transaction(async (tx) => {
    const [first] = await tx
      .update(users)
      .set({ suspensionAppealedAt: sql`now()` })
      .where(and(eq(users.id, user.id), isNull(users.suspensionAppealedAt)))
      .returning({ id: users.id });
    if (!first) throw new AppError('already_appealed');
    const id = crypto.randomUUID();
    await tx.insert(suspensionAppeals).values({ id, userId: user.id, text: input.text });
    await recordAudit(
      tx,
      { id: user.id, username: user.username },
      { action: 'appeal_received', targetKind: 'account', target: user.username, detail: input.text },
    );
    await events.emit(tx, ctx, { type: 'suspensionAppealed', appealId: id });
  });
  return { sent: true };
}

/** The open appeals, oldest first (the moderation screen); an appeal closes when its account is restored. */
export async function openAppeals(db: DbOrTx): Promise<AppealEntry[]> {
  const rows = await db
    .select({ appeal: suspensionAppeals, user: users })
    .from(suspensionAppeals)
    .innerJoin(users, eq(users.id, suspensionAppeals.userId))
    .where(isNull(suspensionAppeals.closedAt))
    .orderBy(asc(suspensionAppeals.createdAt))
    .limit(200);
  return rows.map(({ appeal, user }) => ({
    id: appeal.id,
    createdAt: appeal.createdAt.toISOString(),
    user: userSummary(user),
    text: appeal.text,
    reason: user.suspensionReason,
    until: user.suspendedUntil?.toISOString() ?? null,
  }));
}
