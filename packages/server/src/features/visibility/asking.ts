import { sql, type SQL } from 'drizzle-orm';
import { findMutedWord } from '@askbox/common';
import type { DbOrTx } from '../../db/open.js';
import { queryRows } from '../../db/sql.js';
import { notBlockedWith } from './blocks.js';
import { remoteActorBlocked } from './remoteBlocks.js';

/**
 * THE rules of who may put a question in whose inbox, for every way of asking (decision 352):
 * an account on a profile, a visitor, 'Ask my followers', a post from another server, the admin's
 * global question. The receiver's facts are read in one statement (receiverFacts), for one
 * receiver or a whole set; deliveryFor decides from them; features/asking writes what it decided.
 * The ways of asking differ only in who asks and which rules apply to them (channelRules).
 */

/** The ways a question is asked. */
export type AskingChannel = 'account' | 'visitor' | 'followers' | 'fediverse' | 'global';

/** Who asks: an account, a visitor (their keyed hash of the day), an account on another server, or the instance itself (the admin's global question). */
export type Asker =
  | { kind: 'account'; id: string }
  | { kind: 'visitor'; visitorKey: string }
  | { kind: 'remote'; actorUri: string; domain: string }
  | { kind: 'instance'; adminId: string };

/** Why a question cannot be asked; the asker is told on a profile (they know who they are and whom they ask). */
export type QuestionRefusal = 'inbox_paused' | 'blocked' | 'anonymous_refused' | 'asker_not_allowed' | 'not_taken';

/** What becomes of a question: refused (nothing written), dropped (nothing but the asker's own record), kept in the Filtered folder, or in the inbox. */
export type QuestionDelivery = { refused: QuestionRefusal } | 'dropped' | 'filtered' | 'inbox';

/** What deliveryFor needs to know of a receiver, for one asker (columns of receiverFacts). */
export interface ReceiverFacts extends ReceiverRules {
  receiverId: string;
}

/** The facts deliveryFor decides on, the same for every receiver of one profile. */
export interface ReceiverRules {
  /** the inbox is paused (until its end time, if one is set) */
  paused: boolean;
  refusesAnonymous: boolean;
  /** 'Who may ask me' lets this asker in (someone they follow, an account old enough; anyone without an account only under 'everyone') */
  mayAsk: boolean;
  /** a named block either way, or (an account elsewhere) a block of the account or its server */
  blocked: boolean;
  /** a quiet block of this asker from one of the receiver's anonymous questions, or a moderator's block of them everywhere (decision 288) */
  quietlyBlocked: boolean;
  /** the receiver takes questions of this way of asking ('Questions asked to all followers') */
  takesChannel: boolean;
  mutedWords: string[];
  keepsFiltered: boolean;
}

/**
 * Which of the receiver's rules each way of asking applies. 'Who may ask me' is about people, not
 * the instance's own announcement; blocks do not apply to the global question either: a receiver
 * who stopped getting global questions after blocking an anonymous asker would learn that the
 * asker was the admin. The rest (paused inbox, anonymous refused, muted words) applies to all.
 */
export const channelRules: Record<AskingChannel, { whoMayAsk: boolean; blocks: boolean }> = {
  account: { whoMayAsk: true, blocks: true },
  visitor: { whoMayAsk: true, blocks: true },
  followers: { whoMayAsk: true, blocks: true },
  fediverse: { whoMayAsk: true, blocks: true },
  global: { whoMayAsk: false, blocks: false },
};

/**
 * Where a question goes (decision 100), first rule to apply wins: a paused inbox refuses (the same
 * for everyone, yourself included, so it hides whether a block stands); asking yourself goes to
 * your inbox; a block either way refuses; an anonymous question to someone who refuses them, or an
 * asker 'Who may ask me' leaves out (one refusal for every rule, decision 261), refuses. Then the
 * receiver's private choices, which the asker must never learn: a quiet block drops an ANONYMOUS
 * question only (were a named one dropped too, the receiver could learn from its absence who the
 * anonymous asker was); a muted word keeps it in the Filtered folder when the receiver keeps
 * filtered questions (decision 310), else drops it. A dropped or filtered question notifies and
 * counts nothing, and its asker is answered as for a delivered one.
 */
export function deliveryFor(channel: AskingChannel, question: { text: string; isAnonymous: boolean; toSelf: boolean }, facts: ReceiverRules): QuestionDelivery {
  const rules = channelRules[channel];
  if (!facts.takesChannel) return { refused: 'not_taken' };
  if (facts.paused) return { refused: 'inbox_paused' };
  if (question.toSelf) return 'inbox';
  if (rules.blocks && facts.blocked) return { refused: 'blocked' };
  if (question.isAnonymous && facts.refusesAnonymous) return { refused: 'anonymous_refused' };
  if (rules.whoMayAsk && !facts.mayAsk) return { refused: 'asker_not_allowed' };
  if (rules.blocks && facts.quietlyBlocked && question.isAnonymous) return 'dropped';
  if (findMutedWord(question.text, facts.mutedWords) === null) return 'inbox';
  return facts.keepsFiltered ? 'filtered' : 'dropped';
}

/** A WHERE fragment on the users row under `user`: their inbox is paused now. */
function pausedAt(user: SQL, now: Date): SQL {
  return sql`(${user}.inbox_paused and (${user}.inbox_paused_until is null or ${user}.inbox_paused_until > ${now.toISOString()}::timestamptz))`;
}

/** The facts of `asker` against the receiver `u`, as SQL columns. */
function askerColumns(asker: Asker, now: Date): { mayAsk: SQL; blocked: SQL; quietlyBlocked: SQL } {
  const everyone = sql`u.who_may_ask = 'everyone'`;
  switch (asker.kind) {
    case 'account':
      return {
        mayAsk: sql`case u.who_may_ask
          when 'following' then exists (select 1 from follows f where f.follower_id = u.id and f.followee_id = ${asker.id})
          when 'older_accounts' then exists (select 1 from users s where s.id = ${asker.id}
            and s.created_at <= ${now.toISOString()}::timestamptz - make_interval(days => u.who_may_ask_min_days))
          else true end`,
        blocked: sql`not ${notBlockedWith(asker.id, sql`u.id`)}`,
        quietlyBlocked: sql`(u.id in (select blocker_id from asker_blocks where blocked_id = ${asker.id})
          or exists (select 1 from sender_blocks where blocked_id = ${asker.id}))`,
      };
    case 'visitor':
      return {
        mayAsk: everyone,
        blocked: sql`false`,
        quietlyBlocked: sql`(u.id in (select blocker_id from asker_blocks where blocked_visitor_key = ${asker.visitorKey})
          or exists (select 1 from sender_blocks where blocked_visitor_key = ${asker.visitorKey}))`,
      };
    case 'remote':
      // neither someone the receiver follows here nor an account of known age (decision 302)
      return { mayAsk: everyone, blocked: remoteActorBlocked(sql`u.id`, sql`${asker.actorUri}`, sql`${asker.domain}`), quietlyBlocked: sql`false` };
    case 'instance':
      return { mayAsk: sql`true`, blocked: sql`false`, quietlyBlocked: sql`false` };
  }
}

/** Which receivers, for which asker: `receivers` is a WHERE fragment on `users u`; `takesChannel` the channel's own opt-in (on `u`), true when it has none. */
export interface FactsQuery {
  asker: Asker;
  receivers: SQL;
  takesChannel?: SQL;
  now: Date;
}

/** The facts that decide, in one order: a receiver's profile is the md5 of them (the same text for the same facts). */
const FACT_COLUMNS = sql.raw(`paused, "refusesAnonymous", "mayAsk", blocked, "quietlyBlocked", "takesChannel", "mutedWords", "keepsFiltered"`);
const profileOf = (facts: SQL) =>
  sql`md5(row(${facts}.paused, ${facts}."refusesAnonymous", ${facts}."mayAsk", ${facts}.blocked, ${facts}."quietlyBlocked", ${facts}."takesChannel", ${facts}."mutedWords", ${facts}."keepsFiltered")::text)`;

/**
 * The facts of every receiver of `input` as a query with the columns of ReceiverFacts, and
 * `profile`: the same text for receivers whose facts are all the same, so that a set of any size
 * (every user) is decided once per distinct profile and written in one statement (receiverProfiles).
 */
export function receiverFactsQuery(input: FactsQuery): SQL {
  const asker = askerColumns(input.asker, input.now);
  return sql`select f.*, ${profileOf(sql`f`)} as profile
    from (
      select u.id as "receiverId", ${pausedAt(sql`u`, input.now)} as paused, u.refuse_anonymous_questions as "refusesAnonymous",
        ${asker.mayAsk} as "mayAsk", ${asker.blocked} as blocked, ${asker.quietlyBlocked} as "quietlyBlocked",
        ${input.takesChannel ?? sql`true`} as "takesChannel", coalesce(m.words, '{}') as "mutedWords", u.keep_filtered_questions as "keepsFiltered"
      from users u
      left join (select user_id, array_agg(word order by word) as words from muted_words group by user_id) m on m.user_id = u.id
      where ${input.receivers}
    ) f`;
}

/** The facts of every receiver of `input`, in ONE statement whatever the set's size (one receiver, someone's followers), ordered by receiver. */
export async function receiverFacts(db: DbOrTx, input: FactsQuery): Promise<ReceiverFacts[]> {
  return queryRows<ReceiverFacts>(db, sql`select * from (${receiverFactsQuery(input)}) facts order by "receiverId"`);
}

/** The distinct facts among the receivers of `input`, each once with its `profile` (one statement; a handful of rows for every user of the instance). */
export async function receiverProfiles(db: DbOrTx, input: FactsQuery): Promise<(ReceiverRules & { profile: string })[]> {
  // DISTINCT over the facts alone, hashed in one pass (a handful of groups); the md5 of each group
  // after. With the md5 inside the DISTINCT the planner expects every receiver to be distinct and
  // sorts them all (on disk at 100,000 users: 4× slower)
  return queryRows<ReceiverRules & { profile: string }>(
    db,
    sql`select d.*, ${profileOf(sql`d`)} as profile from (select distinct ${FACT_COLUMNS} from (${receiverFactsQuery(input)}) facts) d`,
  );
}

/** The refusals a profile says before its viewer types: the ones the server would answer any question of theirs with. */
export type RefusalSaidBefore = 'inbox_paused' | 'asker_not_allowed';

/**
 * What the ask box tells `asker` before they type: the refusal deliveryFor would give any named
 * question of theirs, if it is a paused inbox or 'Who may ask me' (the same bytes as the refusal
 * itself, which they would meet anyway). A block has its own page; anonymous refused is said by
 * the box itself; a quiet block or a muted word never refuses, so it is never said.
 */
export async function refusalSaidBefore(db: DbOrTx, asker: Asker, receiverId: string, now: Date): Promise<RefusalSaidBefore | null> {
  const [facts] = await receiverFacts(db, { asker, receivers: sql`u.id = ${receiverId}`, now });
  if (!facts) return null;
  const channel: AskingChannel = asker.kind === 'visitor' ? 'visitor' : 'account';
  const delivery = deliveryFor(channel, { text: '', isAnonymous: false, toSelf: false }, facts);
  if (typeof delivery !== 'object') return null;
  return delivery.refused === 'inbox_paused' || delivery.refused === 'asker_not_allowed' ? delivery.refused : null;
}

/**
 * Asking yourself is not news: a question the receiver sent themselves (their own profile) makes
 * no push and no email; the live stream still tells their other devices the inbox changed.
 */
export function isNewsToReceiver(question: { receiverId: string; senderId: string | null }): boolean {
  return question.receiverId !== question.senderId;
}

/** A question sent to a set of receivers in one statement: the admin's global question, or 'Ask my followers'. */
export type SetSend = { to: 'everyone'; text: string; at: Date } | { to: 'followers'; senderId: string; text: string; at: Date };

/**
 * A WHERE fragment on the questions row under `question`: one of the rows the send `sent` wrote
 * (its text and time, and for 'Ask my followers' its sender), still unanswered. Push, email and
 * live find its receivers with it, after the one statement that wrote them (features/asking,
 * deliverQuestionToSet).
 */
export function writtenBySend(question: SQL, sent: SetSend): SQL {
  const which = sent.to === 'everyone' ? sql`${question}.is_global` : sql`${question}.to_followers and ${question}.sender_id = ${sent.senderId}`;
  return sql`(${which} and not ${question}.answered and ${question}.text = ${sent.text} and ${question}.created_at = ${sent.at.toISOString()}::timestamptz)`;
}
