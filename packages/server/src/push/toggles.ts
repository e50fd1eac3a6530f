import crypto from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import type { PushData } from '@askbox/common';
import type { DbOrTx } from '../db/open.js';
import { run, statement } from '../db/statements.js';

/**
 * Follow and like pushes against floods (decision 110): at most one per (actor, target, kind) a
 * day — a follow/unfollow or like/unlike loop queues one push, not one per click — and each waits
 * `graceSeconds` before the worker may send it, so one undone at once is cancelled unsent.
 *
 * The follow or like row itself is read FOR KEY SHARE (decision 184): a push is queued only while
 * the row exists, and an unfollow or unlike that deletes it waits for this transaction, so its
 * cancellation, a later statement, always sees the push it must drop.
 */

/** A follow, a like, or a like from another server (its actor's URI for the actor; decision 347). */
export type ToggleKind = 'follow' | 'like' | 'remoteLike';
/** One follow or like (actor, target), and the key of the one push a day it may queue. */
type ToggleArgs = { dedupeKey: string; actorId: string; targetId: string };
export const toggleArgs = (kind: ToggleKind, actorId: string, targetId: string): ToggleArgs => ({
  dedupeKey: `${kind}:${actorId}:${targetId}`,
  actorId,
  targetId,
});

const actor = sql.placeholder('actorId');
const dedupeKey = sql.placeholder('dedupeKey');
const target = sql.placeholder('targetId');
/** The follow or like row itself (decision 184). */
const toggleRow: Record<ToggleKind, SQL> = {
  follow: sql`select 1 from follows where follower_id = ${actor} and followee_id = ${target}`,
  like: sql`select 1 from likes where user_id = ${actor} and question_id = ${target}`,
  remoteLike: sql`select 1 from remote_reactions where actor_uri = ${actor} and question_id = ${target} and kind = 'like'`,
};

type QueueArgs = ToggleArgs & { id: string; userId: string; data: string; actorUri: string | null; graceSeconds: number };
const queueStatement = (kind: ToggleKind) =>
  statement<never, QueueArgs>(
    `${kind}_push_queue`,
    sql`insert into push_notifications (id, user_id, data, actor_uri, dedupe_key, next_attempt_at)
        select ${sql.placeholder('id')}, ${sql.placeholder('userId')}, ${sql.placeholder('data')}::jsonb, ${sql.placeholder('actorUri')},
               ${dedupeKey}, now() + make_interval(secs => ${sql.placeholder('graceSeconds')})
        where exists (${toggleRow[kind]} for key share)
          and not exists (select 1 from push_notifications where dedupe_key = ${dedupeKey} and created_at > now() - interval '1 day')`,
  );
const queueToggle = { follow: queueStatement('follow'), like: queueStatement('like'), remoteLike: queueStatement('remoteLike') };
// every unfollow runs it: a named statement, planned once (decision 186); unlikes cancel in their batch's statement
const cancelFollowPush = statement<never, ToggleArgs>(
  'follow_push_cancel',
  sql`delete from push_notifications where dedupe_key = ${dedupeKey} and not sent and attempts = 0 and not exists (${toggleRow.follow})`,
);

/**
 * Queues a follow or like push for a recipient who has a device: its ids only, the worker composes
 * its words when it sends it (push/compose.ts).
 */
export async function queueTogglePush(
  tx: DbOrTx,
  graceSeconds: number,
  kind: ToggleKind,
  actorId: string,
  targetId: string,
  recipientId: string,
  data: PushData,
) {
  const toggle = toggleArgs(kind, actorId, targetId);
  const actorUri = kind === 'remoteLike' ? actorId : null;
  await tx.transaction(async (t) => {
    // one actor's clicks on one target run one after the other, so two instances never both queue
    await t.execute(sql`select pg_advisory_xact_lock(hashtext(${toggle.dedupeKey}))`);
    await run(t, queueToggle[kind], { ...toggle, id: crypto.randomUUID(), userId: recipientId, data: JSON.stringify(data), actorUri, graceSeconds });
  });
}

const cancelRemoteLikePush = statement<never, ToggleArgs>(
  'remote_like_push_cancel',
  sql`delete from push_notifications where dedupe_key = ${dedupeKey} and not sent and attempts = 0 and not exists (${toggleRow.remoteLike})`,
);

/** A remote like taken back (Undo) within the grace period: its push is dropped unsent, as for an unlike here. */
export async function cancelRemoteLikePushOf(tx: DbOrTx, actorUri: string, answerId: string): Promise<void> {
  await run(tx, cancelRemoteLikePush, toggleArgs('remoteLike', actorUri, answerId));
}

/**
 * Undone within the grace period (or before any worker took it): the push is dropped unsent. Runs
 * after the follow row is deleted, as a statement of its own (decision 184) — and only while the
 * row is still gone: a click that followed again in between queued its own push (committed after
 * its row, so a snapshot that sees the push sees the row), which must stay. Unlikes cancel theirs
 * the same way, in their batch's statement (handlers.ts).
 */
export async function cancelFollowPushOf(tx: DbOrTx, followerId: string, followeeId: string): Promise<void> {
  await run(tx, cancelFollowPush, toggleArgs('follow', followerId, followeeId));
}
