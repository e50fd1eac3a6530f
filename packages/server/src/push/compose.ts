import { sql } from 'drizzle-orm';
import { likeExcerpt, type PushData } from '@askbox/common';
import type { DbOrTx } from '../db/open.js';
import { queryRows } from '../db/sql.js';
import { answerGlimpseLine } from '../features/answerExtras/views.js';
import { inInbox, remoteActorNotBlocked, repliesToldTo, visibleUser } from '../features/visibility/index.js';
import { translatorFor, type ServerT } from '../i18n/translator.js';

/**
 * What a push says is decided when it is sent, from the ids its row keeps (decision 367): the
 * event writes only who gets it and what it is about, and the worker reads the people and the
 * answer or question through the visibility module at that moment. A push about someone the
 * recipient no longer sees, an answer gone, or a question gone, answered or hidden since, is not
 * sent; the recipient's language is the one they have when it leaves.
 */

/** A stored push as the worker claims it: the spec's columns plus the ids it is composed from. */
export interface PushRow {
  id: string;
  user_id: string;
  /** the words last sent; null until the worker first composes them */
  title: string | null;
  body: string | null;
  data: PushData;
  /** a question push: the question it announces */
  question_id: string | null;
  /** a like from another server: the liker's actor */
  actor_uri: string | null;
  /** false only for a row written by an older version, which carries its texts */
  composed_when_sent: boolean;
}

export interface PushText {
  title: string;
  body: string;
}

type Composer = (db: DbOrTx, row: PushRow, t: ServerT) => Promise<PushText | null>;

const one = async <T extends Record<string, unknown>>(db: DbOrTx, query: ReturnType<typeof sql>) => (await queryRows<T>(db, query))[0] ?? null;

const follow: Composer = async (db, row, t) => {
  if (row.data.type !== 'follow') return null;
  const follower = await one<{ username: string; fullname: string }>(
    db,
    sql`select u.username, u.fullname from users u
        where u.id = ${row.data.followerId} and ${visibleUser(row.user_id, sql`u.id`)}
          and exists (select 1 from follows f where f.follower_id = u.id and f.followee_id = ${row.user_id})`,
  );
  return follower && { title: t('pushTitleFollow'), body: t('pushBodyFollow', { fullname: follower.fullname, username: follower.username }) };
};

/** The recipient's answer `answerId`, still answered, with its warning. */
const answerOf = (recipientId: string, answerId: string) =>
  sql`select q.answer, q.content_warning from questions q where q.id = ${answerId} and q.receiver_id = ${recipientId} and q.answered`;

const answerLine = (t: ServerT, answer: { answer: string | null; content_warning: string | null }) =>
  answerGlimpseLine(t, answer.answer ?? '', answer.content_warning, (text) => likeExcerpt(text, (cut) => t('punctuation.truncated', { text: cut })));

const like: Composer = async (db, row, t) => {
  if (row.data.type !== 'like') return null;
  const { postId, likerId } = row.data;
  if (row.actor_uri) {
    // a like from another server: named by its actor's handle, while the like stands and its actor or server is not blocked
    const remote = await one<{ handle: string }>(
      db,
      sql`select a.handle from remote_reactions r join remote_actors a on a.uri = r.actor_uri
          where r.question_id = ${postId} and r.actor_uri = ${row.actor_uri} and r.kind = 'like'
            and exists (${answerOf(row.user_id, postId)})
            and ${remoteActorNotBlocked(row.user_id, sql`a.uri`, sql`a.domain`)}`,
    );
    return remote && { title: t('pushTitleLike'), body: t('pushBodyRemoteLike', { handle: remote.handle }) };
  }
  const liked = await one<{ fullname: string; answer: string | null; content_warning: string | null }>(
    db,
    sql`select u.fullname, a.answer, a.content_warning from users u, (${answerOf(row.user_id, postId)}) a
        where u.id = ${likerId} and ${visibleUser(row.user_id, sql`u.id`)}
          and exists (select 1 from likes l where l.user_id = u.id and l.question_id = ${postId})`,
  );
  return liked && { title: t('pushTitleLike'), body: t('pushBodyLike', { fullname: liked.fullname, answer: answerLine(t, liked) }) };
};

const question: Composer = async (db, row, t) => {
  if (row.data.type !== 'question' || !row.question_id) return null;
  // the sender of an anonymous question never leaves the query: its text is the same whoever asked
  const asked = await one<{ named_sender_id: string | null; remote_handle: string | null; remote_name: string | null }>(
    db,
    sql`select case when q.is_anonymous then null else q.sender_id end as named_sender_id,
          rq.handle as remote_handle, rq.name as remote_name
        from questions q left join remote_questions rq on not q.is_anonymous and rq.question_id = q.id
        where q.id = ${row.question_id} and ${inInbox(row.user_id, sql`q`)}`,
  );
  if (!asked) return null;
  if (asked.named_sender_id) {
    const sender = await one<{ username: string; fullname: string }>(
      db,
      sql`select u.username, u.fullname from users u where u.id = ${asked.named_sender_id} and ${visibleUser(row.user_id, sql`u.id`)}`,
    );
    return sender && { title: t('pushTitleQuestion'), body: t('pushBodyQuestion', { fullname: sender.fullname, username: sender.username }) };
  }
  if (asked.remote_handle) {
    const named = { fullname: asked.remote_name || asked.remote_handle, username: asked.remote_handle.replace(/^@/, '') };
    return { title: t('pushTitleQuestion'), body: t('pushBodyQuestion', named) };
  }
  return { title: t('pushTitleQuestion'), body: t('pushBodyAnonymousQuestion') };
};

/** A reply: while the recipient is still told of it (repliesToldTo: not hidden, no block, replies open), as on their Activity tab. */
const reply: Composer = async (db, row, t) => {
  if (row.data.type !== 'reply') return null;
  const told = await one<{ kind: 'reply' | 'threadReply'; fullname: string; text: string }>(
    db,
    sql`select r.kind, coalesce(a.fullname, nullif(ra.name, ''), ra.handle) as fullname, rp.text
        from (${repliesToldTo(row.user_id)}) r join replies rp on rp.id = r.id
        left join users a on a.id = rp.author_id left join remote_actors ra on ra.uri = rp.remote_actor_uri
        where r.id = ${row.data.replyId}`,
  );
  if (!told) return null;
  const excerpt = likeExcerpt(told.text, (cut) => t('punctuation.truncated', { text: cut }));
  return { title: t('pushTitleReply'), body: t(told.kind === 'reply' ? 'pushBodyReply' : 'pushBodyThreadReply', { fullname: told.fullname, reply: excerpt }) };
};

const composers: Record<PushData['type'], Composer> = { follow, like, question, reply };

/** The person a push written by an older version names: its liker, its follower, its named sender. */
function personNamed(data: PushData): string | null {
  if (data.type === 'like') return data.likerId || null;
  if (data.type === 'follow') return data.followerId;
  if (data.type === 'reply') return data.replierId;
  return data.isAnonymous ? null : data.senderId;
}

/**
 * A row written before pushes were composed when sent carries its texts: it is sent as written,
 * while the recipient may still see the person it names.
 */
async function storedText(db: DbOrTx, row: PushRow): Promise<PushText | null> {
  const person = personNamed(row.data);
  if (person && !(await one(db, sql`select 1 from users u where u.id = ${person} and ${visibleUser(row.user_id, sql`u.id`)}`))) return null;
  return { title: row.title ?? '', body: row.body ?? '' };
}

/**
 * The title and body the recipient gets now, in their language now, composed again at every
 * attempt; null when there is nothing left to say.
 */
export async function composePush(db: DbOrTx, row: PushRow): Promise<PushText | null> {
  if (!row.composed_when_sent) return storedText(db, row);
  const recipient = await one<{ locale: string | null }>(db, sql`select locale from users where id = ${row.user_id}`);
  if (!recipient) return null;
  return composers[row.data.type](db, row, translatorFor(recipient.locale));
}
