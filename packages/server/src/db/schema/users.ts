import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

export const users = pgTable(
  'users',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull().unique(),
    username: text('username').notNull().unique(),
    fullname: text('fullname').notNull(),
    passwordHash: text('password_hash').notNull(),
    bio: text('bio').notNull().default(''),
    website: text('website').notNull().default(''),
    // null means the default image served by the app
    photoUrl: text('photo_url'),
    coverUrl: text('cover_url'),
    badge: text('badge').notNull().default(''),
    role: text('role', { enum: ['user', 'moderator', 'admin'] })
      .notNull()
      .default('user'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastReadNotifications: timestamp('last_read_notifications', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastReadAnswers: timestamp('last_read_answers', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // preferences (GET/PATCH /api/me/settings); null locale = follow the browser
    locale: text('locale', { enum: ['en', 'fr'] }),
    theme: text('theme', { enum: ['system', 'light', 'dark'] })
      .notNull()
      .default('system'),
    emailNotifications: text('email_notifications', { enum: ['off', 'each', 'digest'] })
      .notNull()
      .default('off'),
    // where the next daily digest starts counting (set when the digest is chosen, moved by each digest)
    emailDigestFrom: timestamp('email_digest_from', { withTimezone: true, mode: 'date' }),
    // opt-in: share cards, the Atom feed and the ActivityPub actor exist only while true
    publicProfile: boolean('public_profile').notNull().default(false),
    // moving on the fediverse: the old accounts this one also is (its actor's alsoKnownAs), and the new one it moved to
    aliases: jsonb('aliases').$type<{ handle: string; uri: string }[]>().notNull().default([]),
    movedTo: jsonb('moved_to').$type<{ handle: string; uri: string }>(),
    movedAt: timestamp('moved_at', { withTimezone: true, mode: 'date' }),
    // the ask box on the profile offers no 'Ask anonymously' and anonymous questions are refused
    refuseAnonymousQuestions: boolean('refuse_anonymous_questions').notNull().default(false),
    // inbox control: a paused inbox takes no question from anyone, until the end time if one is set
    inboxPaused: boolean('inbox_paused').notNull().default(false),
    inboxPausedUntil: timestamp('inbox_paused_until', { withTimezone: true, mode: 'date' }),
    // who may ask: everyone, people the receiver follows, or accounts older than who_may_ask_min_days
    whoMayAsk: text('who_may_ask', { enum: ['everyone', 'following', 'older_accounts'] })
      .notNull()
      .default('everyone'),
    whoMayAskMinDays: integer('who_may_ask_min_days').notNull().default(7),
    // an answer sent to the fediverse carries its question as the content warning (summary)
    questionAsContentWarning: boolean('question_as_content_warning').notNull().default(true),
    // 'Let people without an account ask me' (VISITOR_QUESTIONS=on): with a public profile only; turning that off turns this off
    visitorQuestions: boolean('visitor_questions').notNull().default(false),
    // muted-word questions are kept in the Filtered folder for FILTERED_KEEP_DAYS instead of dropped
    keepFilteredQuestions: boolean('keep_filtered_questions').notNull().default(false),
    // 'Questions asked to all followers': a followee's 'Ask my followers' question reaches this user
    followerQuestions: boolean('follower_questions').notNull().default(true),
    // replies under this user's answers: on or off; null = on while the profile is public (decision 358)
    repliesEnabled: boolean('replies_enabled'),
    // who may reply under this user's answers: everyone, people they follow, nobody
    whoMayReply: text('who_may_reply', { enum: ['everyone', 'following', 'nobody'] })
      .notNull()
      .default('everyone'),
    // set by an admin (moderation): cannot sign in, answers hidden everywhere, no federation; null = active
    suspendedAt: timestamp('suspended_at', { withTimezone: true, mode: 'date' }),
    // EMAIL_VERIFICATION=on: asking and answering wait for this; accounts older than the switch count as verified
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true, mode: 'date' }),
    // why, told to the suspended person when they try to sign in; '' = no reason given
    suspensionReason: text('suspension_reason').notNull().default(''),
    // a timed suspension ends by itself at this time (features/moderation/suspension.ts); null = until restored
    suspendedUntil: timestamp('suspended_until', { withTimezone: true, mode: 'date' }),
    // the one appeal of the current suspension was sent (cleared when the account is restored)
    suspensionAppealedAt: timestamp('suspension_appealed_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    // substring search (the product spec's search) through pg_trgm; created by the extension migration first
    index('users_username_trgm').using('gin', sql`lower(${t.username}) gin_trgm_ops`),
    index('users_fullname_trgm').using('gin', sql`lower(${t.fullname}) gin_trgm_ops`),
    // 1–2 character search needles: a GIN index on askbox_short_grams(username, fullname), made by
    // the hand-written migration 0008_search_short_grams (an SQL function drizzle cannot declare)
    // search: prefix ranges and the alphabetical order of results, in byte order whatever the database's collation
    index('users_username_c').on(sql`${t.username} collate "C"`),
    // friend suggestions: the newest accounts
    index('users_created').on(t.createdAt.desc(), t.id.desc()),
    // the visibility rule's 'not suspended' check (visibility/people.ts) on every read: a tiny
    // index of the few suspended accounts, so it is a probe, not a scan of all users (decision 182)
    index('users_suspended')
      .on(t.id)
      .where(sql`${t.suspendedAt} is not null`),
    // the digest scheduler's scan: only users who chose the daily digest
    index('users_email_digest')
      .on(t.emailDigestFrom)
      .where(sql`${t.emailNotifications} = 'digest'`),
  ],
);

/** A user as stored; it never leaves the server as is (see features/users/views.ts). */
export type UserRow = typeof users.$inferSelect;
/** A user's row without the password hash: what a request carries as its viewer (only confirmPassword reads the hash, from the table). */
export type UserRowWithoutHash = Omit<UserRow, 'passwordHash'>;
/** The columns a `UserRowWithoutHash` leaves out (for tableColumns / tableRow). */
export const withoutHash = ['passwordHash'] as const;

/**
 * The names an account had before (Settings › Change username): each keeps leading to its
 * account, and is nobody else's, until `held_until` (a year); the account may take it back.
 * Gone with the account.
 */
export const usernameHistory = pgTable(
  'username_history',
  {
    username: text('username').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    changedAt: timestamp('changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    heldUntil: timestamp('held_until', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('username_history_user').on(t.userId, t.changedAt)],
);

export const sessions = pgTable(
  'sessions',
  {
    // sha-256 of the cookie token: a database leak does not leak usable sessions
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    // what names the session in the API ('Your sessions'): the id above never leaves the server
    publicId: text('public_id')
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    // the browser and system read from the User-Agent at sign-in ('Firefox', 'Linux'), not the raw header
    browser: text('browser'),
    os: text('os'),
    // coarse: moved forward at most every few minutes by the request that finds it older (features/auth/sessions.ts)
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    // when this session last proved the account's second factor (features/twoFactor/freshness.ts)
    secondFactorAt: timestamp('second_factor_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('sessions_user_id').on(t.userId), uniqueIndex('sessions_public_id').on(t.publicId)],
);
