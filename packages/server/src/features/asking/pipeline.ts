import crypto from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { filteredQuestions, questions, remoteQuestions, visitorQuestions } from '../../db/schema/index.js';
import { events } from '../../events/emit.js';
import { queryRows } from '../../db/sql.js';
import {
  deliveryFor,
  receiverFacts,
  receiverFactsQuery,
  receiverProfiles,
  type Asker,
  type AskingChannel,
  type FactsQuery,
  type QuestionDelivery,
} from '../visibility/index.js';

/**
 * One way of asking (decision 352): every channel that creates a question (a profile, a visitor,
 * 'Ask my followers', a post from another server, the admin's global question) reads the
 * receiver's facts and takes the decision of features/visibility (deliveryFor), then writes what
 * it decided through deliverQuestion, the one writer of a question and its side rows. A channel
 * adds only who asks and its own limits. Only this folder inserts into `questions`.
 */

/** Where an account on another server asked from (remote_questions, decision 300). */
// an answer brought from an account archive is written here too, with every other question row
export { insertImportedAnswer, type StoredPicture } from './imported.js';

export interface RemoteOrigin {
  actorUri: string;
  handle: string;
  name: string;
  domain: string;
  postUri: string;
  visibility: 'public' | 'unlisted' | 'followers' | 'direct';
}

/** A question about to be written, with how it was asked. */
export interface NewQuestion {
  id: string;
  senderId: string | null;
  receiverId: string;
  text: string;
  isAnonymous: boolean;
  createdAt: Date;
  isGlobal?: boolean;
  toFollowers?: boolean;
  /** a visitor's keyed hash (visitor_questions) */
  visitorKey?: string;
  remote?: RemoteOrigin;
}

/**
 * The channels whose asker waits for the answer: a question they must not know was dropped makes
 * the same writes as a delivered one and rolls them back (row, push, email, live event alike), so
 * not even the response time tells (decision 100). The others answer before any of this runs.
 */
const askerWaits: Record<AskingChannel, boolean> = { account: true, visitor: true, followers: false, fediverse: false, global: false };

/** The decision for one receiver (null when there is no such user): their facts in one statement, then deliveryFor. */
export async function decideFor(
  db: DbOrTx,
  input: { channel: AskingChannel; asker: Asker; receiverId: string; text: string; isAnonymous: boolean; now: Date },
): Promise<QuestionDelivery | null> {
  const [facts] = await receiverFacts(db, { asker: input.asker, receivers: sql`u.id = ${input.receiverId}`, now: input.now });
  if (!facts) return null;
  const toSelf = input.asker.kind === 'account' && input.asker.id === input.receiverId;
  return deliveryFor(input.channel, { text: input.text, isAnonymous: input.isAnonymous, toSelf }, facts);
}

/**
 * Writes `question` where it goes, in the caller's transaction: the inbox (the question, its
 * visitor or remote origin, and the `questionAsked` event behind the badge, push, email and live
 * stream), the receiver's Filtered folder (decision 310; nothing there notifies or counts), or
 * nowhere. Returns whether it was kept: false for a dropped question, and for a post from another
 * server that asked this receiver already (it asks once, delivered twice or not).
 */
export async function deliverQuestion(
  tx: DbOrTx,
  ctx: AppContext,
  channel: AskingChannel,
  question: NewQuestion,
  goesTo: 'inbox' | 'filtered' | 'dropped',
): Promise<boolean> {
  if (goesTo === 'inbox') {
    if (!(await placeInInbox(tx, question))) return false;
    await announce(tx, ctx, question);
    return true;
  }
  if (askerWaits[channel]) await rehearse(tx, ctx, question);
  return goesTo === 'filtered' ? keepFiltered(tx, question) : false;
}

/** The writes of a delivery, rolled back to a savepoint: a question kept out takes the time a delivered one takes. */
async function rehearse(tx: DbOrTx, ctx: AppContext, question: NewQuestion): Promise<void> {
  await intoSavepoint(tx, async (sp) => {
    if (await placeInInbox(sp, question)) await announce(sp, ctx, question);
    return false;
  });
}

/**
 * Puts `question` in its receiver's inbox with its visitor or remote origin, telling no one: the
 * receiver's own move of a filtered question to their inbox (features/filtered), and the first
 * step of a delivery. False, with nothing written, for a post from another server that asked this
 * receiver already (it asks once, delivered twice or not).
 */
export async function placeInInbox(tx: DbOrTx, question: NewQuestion): Promise<boolean> {
  // only a post from another server can turn out to be asked already: its writes go back to a savepoint then
  return question.remote ? intoSavepoint(tx, (sp) => writeToInbox(sp, question)) : writeToInbox(tx, question);
}

/** Runs `write` in a savepoint, rolled back when it keeps nothing. */
async function intoSavepoint(tx: DbOrTx, write: (sp: DbOrTx) => Promise<boolean>): Promise<boolean> {
  try {
    return await tx.transaction(async (sp) => {
      if (!(await write(sp))) throw new NotKept();
      return true;
    });
  } catch (error) {
    if (error instanceof NotKept) return false;
    throw error;
  }
}

/** Thrown to roll back, to its savepoint, the writes of a question that is not kept. */
class NotKept extends Error {}

async function writeToInbox(tx: DbOrTx, question: NewQuestion): Promise<boolean> {
  const { visitorKey, remote, ...row } = question;
  await tx.insert(questions).values(row);
  if (visitorKey) await tx.insert(visitorQuestions).values({ questionId: row.id, visitorKey });
  if (!remote) return true;
  // the same post delivered twice (its author's inbox and the shared inbox) asks once
  const [claimed] = await tx
    .insert(remoteQuestions)
    .values({ questionId: row.id, receiverId: row.receiverId, ...remote })
    .onConflictDoNothing()
    .returning({ id: remoteQuestions.questionId });
  return claimed !== undefined;
}

/** The `questionAsked` event of a question put in the inbox: its badge, push, email and live stream. */
async function announce(tx: DbOrTx, ctx: AppContext, question: NewQuestion): Promise<void> {
  await events.emit(tx, ctx, {
    type: 'questionAsked',
    questionId: question.id,
    receiverId: question.receiverId,
    senderId: question.senderId,
    isAnonymous: question.isAnonymous,
    ...(question.remote ? { remoteAsker: { handle: question.remote.handle, name: question.remote.name } } : {}),
    at: question.createdAt,
  });
}

/** Kept for the receiver's review with how it was asked (decision 327), once for a post from another server. */
async function keepFiltered(tx: DbOrTx, question: NewQuestion): Promise<boolean> {
  const { remote, ...row } = question;
  if (remote && (await postInInbox(tx, remote.postUri, row.receiverId))) return false;
  const origin = remote
    ? {
        remoteActorUri: remote.actorUri,
        remoteHandle: remote.handle,
        remoteName: remote.name,
        remoteDomain: remote.domain,
        remotePostUri: remote.postUri,
        remoteVisibility: remote.visibility,
      }
    : {};
  const [kept] = await tx
    .insert(filteredQuestions)
    .values({ ...row, ...origin })
    .onConflictDoNothing()
    .returning({ id: filteredQuestions.id });
  return kept !== undefined;
}

/** Whether the post `postUri` asked `receiverId` already. */
async function postInInbox(db: DbOrTx, postUri: string, receiverId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: remoteQuestions.questionId })
    .from(remoteQuestions)
    .where(and(eq(remoteQuestions.postUri, postUri), eq(remoteQuestions.receiverId, receiverId)))
    .limit(1);
  return row !== undefined;
}

/**
 * The start of the ids of one send to a set: a UUIDv7-shaped prefix (the time, 26 random bits),
 * each receiver's question id being it and their number. Rows inserted in receiver order with
 * growing ids land at the right edge of the primary key and walk the inbox index and the users'
 * key once, in order, instead of 100,000 random pages each: 5.2 s became 1.7 s at 100,000 users
 * (decision 144).
 */
export function setIdPrefix(at: Date): string {
  const time = at.getTime().toString(16).padStart(12, '0');
  const random = crypto.randomBytes(4).toString('hex');
  const variant = (8 | (parseInt(random[3]!, 16) & 3)).toString(16);
  return `${time.slice(0, 8)}-${time.slice(8, 12)}-7${random.slice(0, 3)}-${variant}${random.slice(4, 7)}-`;
}

/**
 * Writes one question to a whole set of receivers (the admin's global question, 'Ask my
 * followers') in ONE statement whatever the set's size: their facts are decided once per distinct
 * profile (deliveryFor, as for one receiver), and the statement writes the inbox rows and the
 * Filtered copies of everyone addressed, i.e. not refused. A receiver's id is `idPrefix` and their
 * number, in receiver order, counted before the muted words keep some out: a number must not count
 * who muted a word, and a kept copy has the id it would have had (decision 144: growing ids in
 * receiver order walk the indexes once). With `senderRecords`, the sender's own record
 * (sent_questions) gets one row per receiver, refused ones included and numbered with the rest, under
 * the id of the question it stands for, so it is the same whatever became of each. No event here:
 * the caller tells the channels once for the set. Returns how many were addressed and how many
 * inbox rows were written.
 */
export async function deliverQuestionToSet(
  tx: DbOrTx,
  input: {
    channel: AskingChannel;
    facts: FactsQuery;
    question: { senderId: string; text: string; isAnonymous: boolean; isGlobal: boolean; toFollowers: boolean; createdAt: Date };
    idPrefix: string;
    senderRecords: boolean;
  },
): Promise<{ addressed: number; written: number }> {
  const { question } = input;
  const profiles = await receiverProfiles(tx, input.facts);
  if (profiles.length === 0) return { addressed: 0, written: 0 };
  const decided = profiles.map((facts) => {
    const goesTo = deliveryFor(input.channel, { text: question.text, isAnonymous: question.isAnonymous, toSelf: false }, facts);
    return sql`(${facts.profile}, ${typeof goesTo === 'object' ? 'refused' : goesTo})`;
  });
  const at = sql`${question.createdAt.toISOString()}::timestamptz`;
  const columns = sql`${question.senderId}, a.receiver_id, ${question.text}, ${question.isAnonymous}, ${question.isGlobal}, ${question.toFollowers}, ${at}`;
  const [row] = await queryRows<{ addressed: number | string; written: number | string }>(
    tx,
    sql`with decided(profile, goes) as (values ${sql.join(decided, sql`, `)}),
        numbered as (
          select ${input.idPrefix} || lpad(to_hex(row_number() over (order by f."receiverId")), 12, '0') as id, f."receiverId" as receiver_id, d.goes
          from (${receiverFactsQuery(input.facts)}) f join decided d on d.profile = f.profile
          ${input.senderRecords ? sql`` : sql`where d.goes <> 'refused'`}
        ),
        addressed as (select * from numbered where goes <> 'refused'),
        inserted as (
          insert into questions (id, sender_id, receiver_id, text, is_anonymous, is_global, to_followers, created_at, answered)
          select a.id, ${columns}, false
          from addressed a where a.goes = 'inbox'
          order by a.receiver_id
          returning 1
        ),
        kept as (
          insert into filtered_questions (id, sender_id, receiver_id, text, is_anonymous, is_global, to_followers, created_at)
          select a.id, ${columns}
          from addressed a where a.goes = 'filtered'
          returning 1
        )${
          input.senderRecords
            ? sql`,
        recorded as (
          insert into sent_questions (id, sender_id, receiver_id, text, is_anonymous, created_at)
          select a.id, ${question.senderId}, a.receiver_id, ${question.text}, ${question.isAnonymous}, ${at}
          from numbered a
          returning 1
        )`
            : sql``
        }
        select (select count(*) from addressed)::int as addressed, (select count(*) from inserted)::int as written`,
  );
  return { addressed: Number(row?.addressed ?? 0), written: Number(row?.written ?? 0) };
}
