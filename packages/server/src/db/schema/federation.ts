import { index, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { questions } from './questions.js';
import { users } from './users.js';
import { outboxColumns, outboxIndexes } from './outboxColumns.js';

/**
 * ActivityPub (docs/federation.md). Local users are actors only while their profile is public;
 * people on other servers are `remote_actors`, known by their actor URI.
 */

/** Each local actor's RSA key pair (JWK), made the first time the actor is served. */
export const federationKeys = pgTable('federation_keys', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  publicKey: jsonb('public_key').notNull(),
  privateKey: jsonb('private_key').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** A person on another server, as their actor document last said. */
export const remoteActors = pgTable(
  'remote_actors',
  {
    uri: text('uri').primaryKey(),
    inboxUrl: text('inbox_url').notNull(),
    sharedInboxUrl: text('shared_inbox_url'),
    /** `@name@host`, shown in follower lists */
    handle: text('handle').notNull(),
    name: text('name').notNull().default(''),
    /** their profile page (http(s) only) */
    url: text('url'),
    iconUrl: text('icon_url'),
    /** lower-case host of the actor URI: domain blocks match on it */
    domain: text('domain').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('remote_actors_domain').on(t.domain)],
);

/** A remote actor follows a local user (their Follow was accepted). */
export const remoteFollows = pgTable(
  'remote_follows',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    actorUri: text('actor_uri')
      .notNull()
      .references(() => remoteActors.uri, { onDelete: 'cascade' }),
    /** the id of their Follow activity: the object of our Accept, matched by their Undo */
    followId: text('follow_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.actorUri] }), index('remote_follows_actor').on(t.actorUri)],
);

/** A local user blocks one remote actor (`target` = actor URI) or a whole domain (`target` = host). */
export const remoteBlocks = pgTable(
  'remote_blocks',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['actor', 'domain'] }).notNull(),
    target: text('target').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind, t.target] })],
);

/**
 * The delivery outbox: one row per activity per remote inbox, written in the same transaction as
 * the answer, deletion, profile edit or follow it announces. The worker builds the activity when
 * it sends (from `kind`, `objectId` and `payload`), signs it and retries with backoff.
 */
export const federationDeliveries = pgTable(
  'federation_deliveries',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    inboxUrl: text('inbox_url').notNull(),
    kind: text('kind', { enum: ['create', 'delete', 'update', 'accept', 'reject', 'move'] }).notNull(),
    /** the answer (question id) a create or delete is about; a move's id */
    objectId: text('object_id'),
    /** accept / reject: the Follow being answered ({ followId, actorUri }); move: its target ({ target }) */
    payload: jsonb('payload'),
    ...outboxColumns(),
  },
  (t) => [...outboxIndexes('federation_deliveries', t)],
);

/** Fedify's key-value store (cached remote documents and keys, inbox idempotence), shared by every instance. */
export const federationKv = pgTable(
  'federation_kv',
  {
    key: text('key').primaryKey(),
    value: jsonb('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('federation_kv_expires').on(t.expiresAt)],
);

/**
 * An account deleted while its profile was public says goodbye: one actor `Delete` per remote
 * follower inbox (decision 131). The user row is gone by then, so a row carries what signing
 * needs (actor URI, key id, private key) and no link to users; it is removed once delivered or
 * given up, leaving nothing of the account behind.
 */
export const federationFarewells = pgTable(
  'federation_farewells',
  {
    id: text('id').primaryKey(),
    actorUri: text('actor_uri').notNull(),
    keyId: text('key_id').notNull(),
    privateKey: jsonb('private_key').notNull(),
    inboxUrl: text('inbox_url').notNull(),
    ...outboxColumns(),
  },
  (t) => [...outboxIndexes('federation_farewells', t)],
);

/**
 * A question someone on another server asked by mentioning a local user in a post (decision
 * 300). The question row itself has no sender (they have no account here) and is named; this row
 * says who asked and where, as their server said it when the post arrived.
 */
export const remoteQuestions = pgTable(
  'remote_questions',
  {
    questionId: text('question_id')
      .primaryKey()
      .references(() => questions.id, { onDelete: 'cascade' }),
    /** the receiver (as on the question): one post mentioning someone twice, or delivered twice, asks once */
    receiverId: text('receiver_id').notNull(),
    actorUri: text('actor_uri').notNull(),
    /** `@name@host` and display name when the post arrived (kept if the actor is forgotten later) */
    handle: text('handle').notNull(),
    name: text('name').notNull().default(''),
    /** lower-case host of the actor URI: the receiver's domain blocks match on it */
    domain: text('domain').notNull(),
    /** the post that asked: the answer's `inReplyTo` */
    postUri: text('post_uri').notNull(),
    /** how the post was addressed; the answer goes no wider (decision 301) */
    visibility: text('visibility', { enum: ['public', 'unlisted', 'followers', 'direct'] }).notNull(),
  },
  (t) => [index('remote_questions_actor').on(t.actorUri), uniqueIndex('remote_questions_post').on(t.postUri, t.receiverId)],
);

/** Likes and boosts (Announce) of answers from other servers; a like also counts in the answer's like counter. */
export const remoteReactions = pgTable(
  'remote_reactions',
  {
    questionId: text('question_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    actorUri: text('actor_uri').notNull(),
    kind: text('kind', { enum: ['like', 'announce'] }).notNull(),
    /** the Like or Announce activity's id: what an Undo names */
    activityId: text('activity_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.questionId, t.actorUri, t.kind] }), index('remote_reactions_actor').on(t.actorUri)],
);

/**
 * Activities received by an inbox, their HTTP Signature verified, waiting for the inbox worker
 * (federation/inbox/queue.ts): the request is answered 202 at once and the activity is handled off
 * the request path. A row is removed once handled, refused or out of attempts.
 */
export const federationInbox = pgTable(
  'federation_inbox',
  {
    id: text('id').primaryKey(),
    /** the inbox's path (the shared one or an actor's) and query, as received */
    path: text('path').notNull(),
    /** the request's headers, as received (Fedify reads Content-Type, Signature, Digest from them) */
    headers: jsonb('headers').$type<Record<string, string>>().notNull(),
    body: text('body').notNull(),
    /** the actor whose key signed the request: the activity's actor must be this one */
    signer: text('signer').notNull(),
    ...outboxColumns(),
  },
  (t) => [...outboxIndexes('federation_inbox', t)],
);

/**
 * Remote servers the operator blocked for the whole instance (features/fediverseBlocks): nothing
 * they send is handled, nothing is delivered to them. `domain` is a host name, lower case.
 */
export const federationDomainBlocks = pgTable('federation_domain_blocks', {
  domain: text('domain').primaryKey(),
  reason: text('reason').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
