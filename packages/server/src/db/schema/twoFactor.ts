import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './users.js';

/**
 * An account's authenticator-app secret (features/twoFactor): sealed with the operator's key
 * (AES-256-GCM, never in the clear), on once `enabledAt` is set by a first code. `lastStep` is the
 * time step of the last code accepted: a code is taken once.
 */
export const twoFactor = pgTable('two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secretSealed: text('secret_sealed').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true, mode: 'date' }),
  lastStep: bigint('last_step', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});

/** The ten recovery codes shown once when 2FA is turned on: only their hashes, each spent once. */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [primaryKey({ name: 'two_factor_recovery_codes_pkey', columns: [t.userId, t.codeHash] })],
);

/**
 * Passkeys (WebAuthn, features/passkeys): a credential by the id its authenticator gave, with its
 * public key (COSE, base64url) and signature counter. They sign in without a password, or stand in
 * for the app's code at the code step.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    // comma-separated, as the browser reported them ('internal,hybrid')
    transports: text('transports').notNull().default(''),
    name: text('name').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('passkeys_user_id').on(t.userId)],
);

/** A WebAuthn challenge handed out by the server: taken once (deleted on use), before it expires. */
export const webauthnChallenges = pgTable('webauthn_challenges', {
  challenge: text('challenge').primaryKey(),
  userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
  purpose: text('purpose', { enum: ['register', 'login'] }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
});
