import { sql } from 'drizzle-orm';
import { check, index, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { remoteActors } from './federation.js';
import { questions } from './questions.js';
import { users } from './users.js';

/**
 * Replies under an answer (decision 358), newest last. A hidden reply (by the answer's owner, or
 * for one of the owner's muted words when written) is shown to nobody but its author, and waits
 * in the owner's hidden-replies list. A reply from the fediverse (decision 370) has no local
 * author: its remote actor and the id of its Note instead; it goes when the actor is forgotten.
 */
export const replies = pgTable(
  'replies',
  {
    id: text('id').primaryKey(),
    answerId: text('answer_id')
      .notNull()
      .references(() => questions.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'cascade' }),
    remoteActorUri: text('remote_actor_uri').references(() => remoteActors.uri, { onDelete: 'cascade' }),
    /** the lower-case host of the remote actor: blocks of a server match on it */
    remoteDomain: text('remote_domain'),
    /** the id of the remote Note: its Update and Delete find it by this */
    remoteNoteUri: text('remote_note_uri'),
    text: text('text').notNull(),
    hiddenAt: timestamp('hidden_at', { withTimezone: true, mode: 'date' }),
    hiddenReason: text('hidden_reason', { enum: ['owner', 'muted'] }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('replies_answer_created').on(t.answerId, t.createdAt, t.id),
    index('replies_author').on(t.authorId, t.answerId),
    uniqueIndex('replies_remote_note').on(t.remoteNoteUri),
    index('replies_remote_actor').on(t.remoteActorUri),
    check(
      'replies_one_author',
      sql`(${t.authorId} is not null and ${t.remoteActorUri} is null and ${t.remoteNoteUri} is null)
        or (${t.authorId} is null and ${t.remoteActorUri} is not null and ${t.remoteNoteUri} is not null and ${t.remoteDomain} is not null)`,
    ),
  ],
);
