import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/** Invite links (REGISTRATIONS=invite): made by members and admins, spent one use per sign-up. */
export const invites = pgTable(
  'invites',
  {
    // the code in /signup?invite=CODE (random, 128 bits): shown again to its maker in the list
    code: text('code').primaryKey(),
    createdBy: text('created_by')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    // null = no limit
    maxUses: integer('max_uses'),
    uses: integer('uses').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('invites_created_by').on(t.createdBy, t.createdAt)],
);

/**
 * Sign-ups waiting for an admin (REGISTRATIONS=approval). Kept out of `users` until approved: a
 * pending account has no profile, appears in no search or suggestion and cannot log in.
 */
export const pendingSignups = pgTable(
  'pending_signups',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    username: text('username').notNull().unique(),
    fullname: text('fullname').notNull(),
    passwordHash: text('password_hash').notNull(),
    // 'Why do you want to join?'
    reason: text('reason').notNull(),
    // the language of the sign-up form: the approval or rejection email is written in it
    locale: text('locale', { enum: ['en', 'fr'] }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('pending_signups_created').on(t.createdAt, t.id)],
);

/** Proof-of-work challenges already used (sha-256 of the signature): a solution is accepted once. */
export const spentChallenges = pgTable(
  'spent_challenges',
  {
    id: text('id').primaryKey(),
    // after this the challenge is refused as expired anyway, so the row can go
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('spent_challenges_expires').on(t.expiresAt)],
);
