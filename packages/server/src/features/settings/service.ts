import { eq, sql } from 'drizzle-orm';
import type { AccountSettings, UpdateAccountSettingsInput } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { users, type UserRow } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { events } from '../../events/emit.js';

/** The preferences as the API shows them; features add their columns here and in the schema. */
export function toAccountSettings(
  user: Pick<
    UserRow,
    | 'locale'
    | 'theme'
    | 'emailNotifications'
    | 'publicProfile'
    | 'refuseAnonymousQuestions'
    | 'inboxPaused'
    | 'inboxPausedUntil'
    | 'whoMayAsk'
    | 'whoMayAskMinDays'
    | 'questionAsContentWarning'
    | 'visitorQuestions'
    | 'keepFilteredQuestions'
    | 'followerQuestions'
    | 'repliesEnabled'
    | 'whoMayReply'
  >,
): AccountSettings {
  return {
    locale: user.locale ?? null,
    theme: user.theme,
    emailNotifications: user.emailNotifications,
    publicProfile: user.publicProfile,
    refuseAnonymousQuestions: user.refuseAnonymousQuestions,
    inboxPaused: user.inboxPaused,
    inboxPausedUntil: user.inboxPausedUntil?.toISOString() ?? null,
    whoMayAsk: user.whoMayAsk,
    whoMayAskMinDays: user.whoMayAskMinDays,
    questionAsContentWarning: user.questionAsContentWarning,
    visitorQuestions: user.visitorQuestions,
    keepFilteredQuestions: user.keepFilteredQuestions,
    followerQuestions: user.followerQuestions,
    // until chosen, replies follow the public profile (decision 358)
    repliesEnabled: user.repliesEnabled ?? user.publicProfile,
    whoMayReply: user.whoMayReply,
  };
}

/** The columns as stored: times as dates. */
function storedColumns({ inboxPausedUntil, ...input }: UpdateAccountSettingsInput) {
  return { ...input, ...(inboxPausedUntil === undefined ? {} : { inboxPausedUntil: inboxPausedUntil === null ? null : new Date(inboxPausedUntil) }) };
}

/**
 * Columns a change of preferences moves with it: choosing the daily digest starts its window now;
 * resuming the inbox forgets the end time of the pause.
 */
function impliedColumns(input: UpdateAccountSettingsInput, now: Date) {
  const pause = input.inboxPaused === false ? { inboxPausedUntil: null } : {};
  return { ...pause, ...emailColumns(input, now) };
}

function emailColumns(input: UpdateAccountSettingsInput, now: Date) {
  if (input.emailNotifications === undefined) return {};
  if (input.emailNotifications !== 'digest') return { emailDigestFrom: null };
  // already on the digest: keep the window that runs
  return { emailDigestFrom: sql`case when ${users.emailNotifications} = 'digest' then ${users.emailDigestFrom} else ${now.toISOString()}::timestamptz end` };
}

export async function getAccountSettings(db: DbOrTx, userId: string): Promise<AccountSettings> {
  const [user] = await db.select().from(users).where(eq(users.id, userId)).limit(1);
  if (!user) throw new AppError('not_found');
  return toAccountSettings(user);
}

/**
 * Changes only the fields given (a PATCH); returns every setting as stored after the change, and
 * tells the rest of the server (`settingsChanged`: the user's other open apps take it at once).
 * Turning 'Public profile' on or off is an event of its own (federation: Delete when off), in
 * the same transaction; the row lock makes two toggles at once see each other's result.
 */
export async function updateAccountSettings(ctx: AppContext, userId: string, input: UpdateAccountSettingsInput, now = new Date()): Promise<AccountSettings> {
  if (Object.keys(input).length === 0) return getAccountSettings(ctx.db, userId);
  return ctx.db.transaction(async (tx) => {
    const [before] = await tx.select({ publicProfile: users.publicProfile }).from(users).where(eq(users.id, userId)).for('update');
    if (!before) throw new AppError('not_found');
    // people without an account ask only through a public profile: without one, the choice is off (decision 305)
    const visitors = !(input.publicProfile ?? before.publicProfile) ? { visitorQuestions: false } : {};
    const [user] = await tx
      .update(users)
      .set({ ...storedColumns(input), ...impliedColumns(input, now), ...visitors })
      .where(eq(users.id, userId))
      .returning();
    if (input.publicProfile !== undefined && input.publicProfile !== before.publicProfile) {
      await events.emit(tx, ctx, { type: 'publicProfileChanged', userId, isPublic: input.publicProfile });
    }
    await events.emit(tx, ctx, { type: 'settingsChanged', userId });
    return toAccountSettings(user!);
  });
}
