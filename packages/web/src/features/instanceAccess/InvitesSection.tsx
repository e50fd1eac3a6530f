import { useState } from 'react';
import { MAX_INVITE_DAYS, type Invite } from '@askbox/common';
import { SettingsSection, settingsExplanation } from '../../components/SettingsSection';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { errorMessage } from '../../api/client';
import { currentLocale, t } from '../../i18n';
import { useAppConfig } from '../session/api';
import { useCreateInvite, useInvites, useRevokeInvite } from './api';
import styles from './InstanceAccess.module.css';

const USE_CHOICES = [1, 5, 25] as const;
const DAY_CHOICES = [1, 7, 30, MAX_INVITE_DAYS] as const;

/** Settings' 'Invite links' card, shown while sign-up needs an invite link (REGISTRATIONS=invite). */
export function InvitesSection() {
  const inviteOnly = useAppConfig().data?.signup.registrations === 'invite';
  const invites = useInvites(inviteOnly);
  const create = useCreateInvite();
  const dialogs = useDialogs();
  const [uses, setUses] = useState('1');
  const [days, setDays] = useState('7');
  if (!inviteOnly) return null;

  const onCreate = (event: React.FormEvent) => {
    event.preventDefault();
    create.mutate(
      { maxUses: uses === 'none' ? null : Number(uses), expiresInDays: days === 'none' ? null : Number(days) },
      { onError: (error) => void dialogs.alert(errorMessage(error)) },
    );
  };

  return (
    <SettingsSection id="settings-invites" title={t('instanceAccess.invites')}>
      <p className={settingsExplanation}>{t('instanceAccess.invitesIntro')}</p>
      <form className={styles.inviteForm} onSubmit={onCreate}>
        <label>
          {t('instanceAccess.maxUses')}{' '}
          <select className="input" value={uses} onChange={(e) => setUses(e.target.value)}>
            {USE_CHOICES.map((count) => (
              <option key={count} value={count}>
                {t('instanceAccess.uses', { count })}
              </option>
            ))}
            <option value="none">{t('instanceAccess.noLimit')}</option>
          </select>
        </label>
        <label>
          {t('instanceAccess.expiresIn')}{' '}
          <select className="input" value={days} onChange={(e) => setDays(e.target.value)}>
            {DAY_CHOICES.map((count) => (
              <option key={count} value={count}>
                {t('instanceAccess.inDays', { count })}
              </option>
            ))}
            <option value="none">{t('instanceAccess.never')}</option>
          </select>
        </label>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          {create.isPending ? t('instanceAccess.creating') : t('instanceAccess.createInvite')}
        </button>
      </form>
      {invites.data && invites.data.length === 0 && <p className="muted">{t('instanceAccess.noInvites')}</p>}
      {invites.data && invites.data.length > 0 && (
        <ul className={styles.list} aria-label={t('instanceAccess.invites')}>
          {invites.data.map((invite) => (
            <li key={invite.code}>
              <InviteRow invite={invite} />
            </li>
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

function InviteRow({ invite }: { invite: Invite }) {
  const revoke = useRevokeInvite();
  const dialogs = useDialogs();
  const expired = invite.expiresAt !== null && new Date(invite.expiresAt).getTime() <= Date.now();
  const usedUp = invite.maxUses !== null && invite.uses >= invite.maxUses;
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(invite.url);
      dialogs.toast(t('instanceAccess.copied'));
    } catch {
      // no clipboard (an http page): the link is on screen to select
    }
  };
  const onRevoke = async () => {
    if (!(await dialogs.confirm(t('instanceAccess.confirmRevoke'), { confirmLabel: t('instanceAccess.revoke'), danger: true }))) return;
    revoke.mutate(invite.code, { onError: (error) => void dialogs.alert(errorMessage(error)) });
  };
  return (
    <div className={`card ${styles.item}`}>
      <p className={styles.url}>{invite.url}</p>
      <p className={`muted ${styles.itemHead}`}>
        {invite.maxUses === null
          ? t('instanceAccess.usedUnlimited', { uses: invite.uses })
          : t('instanceAccess.used', { uses: invite.uses, max: invite.maxUses })}
        {' · '}
        {expired
          ? t('instanceAccess.expired')
          : invite.expiresAt
            ? t('instanceAccess.expiresOn', { time: new Date(invite.expiresAt).toLocaleDateString(currentLocale()) })
            : t('instanceAccess.never')}
      </p>
      <div className={styles.actions}>
        {!expired && !usedUp && (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void onCopy()}>
            {t('instanceAccess.copy')}
          </button>
        )}
        <button type="button" className="btn btn-danger btn-small" onClick={() => void onRevoke()} disabled={revoke.isPending}>
          {t('instanceAccess.revoke')}
        </button>
      </div>
    </div>
  );
}
