import { eq, inArray } from 'drizzle-orm';
import type { Role, TeamMember } from '@askbox/common';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/open.js';
import { users } from '../../db/schema/index.js';
import { AppError } from '../../errors.js';
import { userByUsername } from '../users/lookup.js';
import { userSummary } from '../users/views.js';
import { recordAudit } from './audit.js';
import { assertOutranks, type TeamActor } from './roleOrder.js';

/**
 * Gives `username` a role (decision 286): only admins do this (the route's guard; the CLI is the
 * operator). An admin cannot change their own role nor another admin's here (role order), so an
 * instance never loses its last admin by a slip of the hand or a rival; the CLI can. Returns false when the role was already that.
 */
export async function setRole(ctx: AppContext, actor: TeamActor, username: string, role: Role): Promise<boolean> {
  const user = await userByUsername(ctx.db, username);
  if (!user) throw new AppError('user_not_found');
  if (typeof actor !== 'string' && actor.id === user.id) throw new AppError('own_role');
  // an admin does not demote another admin in the app; the command line can
  assertOutranks(actor, user);
  if (user.role === role) return false;
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ role }).where(eq(users.id, user.id));
    await recordAudit(tx, actor, { action: 'role_changed', targetKind: 'account', target: user.username, detail: `${user.role} → ${role}` });
  });
  return true;
}

/** The moderation team: every admin and moderator, admins first, then by username. */
export async function team(db: DbOrTx): Promise<TeamMember[]> {
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.role, ['admin', 'moderator']))
    .orderBy(users.role, users.username);
  return rows.map((u) => ({ ...userSummary(u), role: u.role }));
}
