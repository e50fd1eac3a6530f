import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { Role } from '@askbox/common';
import { t } from '../../i18n';
import { Spinner } from '../../components/Spinner';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { errorMessage } from '../../api/client';
import { useMe } from '../session/api';
import { useSetRole, useTeam } from './api';
import { canRemoveRole, roleChangeTexts } from './roleChange';
import styles from './Team.module.css';

const ROLE_CHOICES: Role[] = ['moderator', 'admin', 'user'];

/** The admins' Team screen body: who moderates, and a form to give anyone a role (confirmed, named). */
export function TeamPanel() {
  const members = useTeam();
  const me = useMe().data;
  const setRole = useSetRole();
  const dialogs = useDialogs();
  const [username, setUsername] = useState('');
  const [role, setRoleChoice] = useState<Role>('moderator');
  const usernameId = useId();
  const roleId = useId();

  const apply = async (name: string, next: Role) => {
    const clean = name.trim().replace(/^@/, '');
    if (!clean) return;
    const previous = members.data?.find((member) => member.username.toLowerCase() === clean.toLowerCase())?.role;
    const texts = roleChangeTexts(clean, next, previous);
    if (!(await dialogs.confirm(texts.confirm, { confirmLabel: texts.confirmLabel }))) return;
    setRole.mutate(
      { username: clean, role: next },
      {
        // confirmed once, before; after, a toast says it is done
        onSuccess: () => {
          setUsername('');
          dialogs.toast(texts.done);
        },
        onError: (error) => void dialogs.alert(errorMessage(error)),
      },
    );
  };

  return (
    <>
      <p className="muted">{t('team.teamIntro')}</p>
      {members.isPending ? (
        <Spinner label={t('team.team')} />
      ) : (
        <ul className={styles.list} aria-label={t('team.team')}>
          {(members.data ?? []).map((member) => (
            <li key={member.id} className={`card ${styles.row}`}>
              <Link to={`/u/${member.username}`}>
                {member.fullname} <span className="muted">@{member.username}</span>
              </Link>
              <span className={styles.role}>{t(`team.roles.${member.role}`)}</span>
              {/* never on your own row, nor on someone whose role is at or above yours */}
              {canRemoveRole(me, member) && (
                <button type="button" className="btn btn-secondary btn-small" disabled={setRole.isPending} onClick={() => void apply(member.username, 'user')}>
                  {t('team.removeRole')}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <form
        className={`card ${styles.form}`}
        onSubmit={(event) => {
          event.preventDefault();
          void apply(username, role);
        }}
      >
        <h2 className="section-title">{t('team.giveRole')}</h2>
        <div className="field">
          <label htmlFor={usernameId}>{t('team.usernameLabel')}</label>
          <input id={usernameId} className="input" value={username} autoCapitalize="none" spellCheck={false} onChange={(e) => setUsername(e.target.value)} />
        </div>
        <div className="field">
          <label htmlFor={roleId}>{t('team.roleLabel')}</label>
          <select id={roleId} className="input" value={role} onChange={(e) => setRoleChoice(e.target.value as Role)}>
            {ROLE_CHOICES.map((choice) => (
              <option key={choice} value={choice}>
                {t(`team.roles.${choice}`)}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary" disabled={setRole.isPending || !username.trim()}>
          {t('team.apply')}
        </button>
      </form>
    </>
  );
}
