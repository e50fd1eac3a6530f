import type { Role } from '@askbox/common';
import { AppError } from '../../errors.js';

/** Someone of the moderation team acting on an account; the operator's command line outranks everyone. */
export type TeamActor = { id: string; username: string; role: Role } | 'cli';

const rank: Record<Role, number> = { user: 0, moderator: 1, admin: 2 };

/**
 * Roles are ordered: nobody acts on an account whose role is at or above their own (a moderator
 * neither suspends an admin nor another moderator; an admin does not suspend or demote another
 * admin). Every moderation and team action that names an account asks this one rule. The
 * operator's command line may do anything: it is how an instance fixes its own team.
 */
export function assertOutranks(actor: TeamActor, target: { role: Role }): void {
  if (actor === 'cli') return;
  if (rank[target.role] >= rank[actor.role]) throw new AppError('role_outranks');
}
