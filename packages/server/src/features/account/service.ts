import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { questions, users } from '../../db/schema/index.js';
import { deletePersonalRateLimits } from '../../rateLimit.js';
import { createStorage } from '../../storage/index.js';
import { deletePicture } from '../../storage/pictures.js';
import { deleteOwnerCards } from '../cards/service.js';
import { deleteAnswerPictures } from '../answerExtras/service.js';
import { confirmPassword, type CredentialAttempt, type CredentialContext } from '../auth/service.js';

/** The password, as the one credential check needs it (the address is the account's). */
type PasswordProof = Omit<CredentialAttempt, 'email' | 'device'>;
import { events } from '../../events/emit.js';
import { receiverSeesQuestion } from '../visibility/index.js';

export { exportAccount } from './export.js';

/**
 * Deletes the account for good, after its password (decision 129). The user row goes and with it,
 * by foreign keys, its sessions, devices, queued notifications, reset links, follows both ways,
 * blocks both ways, likes and its record of the questions it sent (others' records of questions
 * to it stay, naming no one: decision 205), and by the questions' trigger (decision 193) the questions it
 * received (its answers, and the likes on them); the same trigger leaves the questions it sent to
 * others with their receivers as anonymous questions with no sender, like any other, except the
 * unanswered named ones a block hides from their receivers, which go; other people's queued pushes that name it, rate-limit counters keyed by it or by its address's hash
 * and reset requests for its address are removed. A public profile's remote followers get an actor
 * Delete (decision 131). Its pictures go through the storage interface once the database has
 * committed.
 */
export async function deleteAccount(ctx: CredentialContext, userId: string, proof: PasswordProof, log?: FastifyBaseLogger): Promise<void> {
  const user = await confirmPassword(ctx, userId, proof);
  const answerPictures = await ctx.db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    await tx.execute(sql`delete from push_notifications
      where data->>'likerId' = ${userId} or data->>'followerId' = ${userId} or data->>'senderId' = ${userId}`);
    await tx.execute(sql`delete from email_outbox where kind = 'password_reset' and data->>'email' = ${user.email}`);
    // reports about the profile name it by id (reports it filed go with it by foreign key)
    await tx.execute(sql`delete from reports where target_kind = 'profile' and target_id = ${userId}`);
    await deletePersonalRateLimits(tx, user);
    await events.emit(tx, ctx, { type: 'accountDeleting', userId });
    // its named questions that their receivers no longer see (a block either way) go with it: left
    // as anonymous questions with no sender, like its others, they would reappear in those inboxes
    await tx.execute(sql`delete from questions q
      where q.sender_id = ${userId} and not q.answered and not ${receiverSeesQuestion(sql`q.receiver_id`, sql`q`)}`);
    // the pictures of the answers it received go with them (files, once committed)
    const pictures = await tx
      .select({ url: questions.pictureUrl })
      .from(questions)
      .where(and(eq(questions.receiverId, userId), isNotNull(questions.pictureUrl)));
    await tx.delete(users).where(eq(users.id, userId));
    // every open live stream of the account closes, on every instance
    await events.emit(tx, ctx, { type: 'allSessionsEnded', userId });
    return pictures.map((picture) => picture.url);
  });
  const storage = createStorage(ctx.config);
  for (const url of [user.photoUrl, user.coverUrl]) {
    if (url) await deletePicture(storage, url).catch((error: unknown) => log?.error({ err: error, url }, 'could not delete a picture of a deleted account'));
  }
  await deleteAnswerPictures(ctx, answerPictures);
  await deleteOwnerCards(ctx, userId).catch((error: unknown) => log?.error({ err: error }, 'could not delete the answer cards of a deleted account'));
}
