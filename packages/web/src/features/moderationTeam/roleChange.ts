import type { Role } from '@askbox/common';
import { t } from '../../i18n';

// the server's order of roles: nobody changes the role of someone at or above their own
const RANK: Record<Role, number> = { user: 0, moderator: 1, admin: 2 };

/** Who is signed in, as the Team screen needs them. */
export interface TeamViewer {
  id: string;
  isAdmin: boolean;
  isModerator: boolean;
}

/** 'Remove role' is offered on a row only below the viewer's own role, and never on the viewer's own row. */
export function canRemoveRole(viewer: TeamViewer | null | undefined, member: { id: string; role: Role }): boolean {
  if (!viewer || member.id === viewer.id) return false;
  return RANK[member.role] < RANK[viewer.isAdmin ? 'admin' : viewer.isModerator ? 'moderator' : 'user'];
}

/**
 * The one question asked before a role change and the toast after it, saying what changed: taking a
 * team member's role away names the role they lose; anything else names the role given.
 */
export function roleChangeTexts(username: string, next: Role, previous: Role | undefined): { confirm: string; confirmLabel: string; done: string } {
  if (next === 'user' && previous && previous !== 'user') {
    const role = t(`team.roles.${previous}`);
    return { confirm: t('team.confirmRemoveRole', { username, role }), confirmLabel: t('team.removeRole'), done: t('team.roleRemoved', { username, role }) };
  }
  const role = t(`team.roles.${next}`);
  return { confirm: t('team.confirmRole', { username, role }), confirmLabel: t('team.apply'), done: t('team.roleChanged', { username, role }) };
}
