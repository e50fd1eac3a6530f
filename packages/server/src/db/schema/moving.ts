import { sql } from 'drizzle-orm';
import { customType, index, integer, uniqueIndex, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { ArchiveFollow } from '@askbox/common';
import { questions } from './questions.js';
import { users } from './users.js';

/** Raw bytes (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => 'bytea' });

/**
 * An account archive being imported (Settings › Account › Import, decision 374): the file itself,
 * kept until the import ends so a worker can resume it after a restart, and its progress. Each
 * answer is added in its own transaction with `items_done`, so a resumed import starts at the
 * first answer not yet added. `claimed_until` is a worker's lease (another takes the job once it passed).
 */
export const accountImports = pgTable(
  'account_imports',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    // null once the import has ended: the file is not kept past its use
    archive: bytea('archive'),
    itemsTotal: integer('items_total').notNull(),
    itemsDone: integer('items_done').notNull().default(0),
    added: integer('added').notNull().default(0),
    error: text('error'),
    following: jsonb('following')
      .$type<ArchiveFollow[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    claimedUntil: timestamp('claimed_until', { withTimezone: true, mode: 'date' }),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    index('account_imports_user').on(t.userId, t.createdAt.desc()),
    // one import under way per account at a time
    uniqueIndex('account_imports_one_open')
      .on(t.userId)
      .where(sql`${t.status} in ('queued', 'running')`),
    index('account_imports_open')
      .on(t.createdAt)
      .where(sql`${t.status} in ('queued', 'running')`),
  ],
);

/**
 * The asker of an imported named question, as the archive named them: text only (a display name
 * and a handle), never linked to an account here, not even one with the same name (decision 374).
 */
export const importedAskers = pgTable('imported_askers', {
  questionId: text('question_id')
    .primaryKey()
    .references(() => questions.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  handle: text('handle').notNull(),
});
