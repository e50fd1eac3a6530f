import { Monitor } from 'lucide-react';
import type { SignedInSession } from '@askbox/common';
import { LoadError } from '../../components/LoadError';
import { SettingsSection, settingsExplanation } from '../../components/SettingsSection';
import { Spinner } from '../../components/Spinner';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { focusAfterRemoval } from '../../components/focusAfterAction';
import { useSignOutOtherSessions, useSignOutSession, useYourSessions } from './api';
import styles from './YourSessions.module.css';
import { relativeTimeText, t } from '../../i18n';

/** 'Firefox on Linux': what the row shows and what its Sign out button names. */
const deviceName = (session: SignedInSession) =>
  t('yourSessions.device', { browser: session.browser ?? t('yourSessions.unknownBrowser'), os: session.os ?? t('yourSessions.unknownSystem') });

/**
 * Settings' 'Your sessions': every device signed in to the account, this one first and marked, each
 * other with a Sign out button; 'Sign out all other sessions' asks first. This device signs out
 * with the Account section's Logout.
 */
export function YourSessionsSection() {
  const list = useYourSessions();
  const signOut = useSignOutSession();
  const signOutOthers = useSignOutOtherSessions();
  const { alert, confirm } = useDialogs();
  const items = list.data?.items ?? [];
  const others = items.filter((s) => !s.current);

  const onSignOut = (session: SignedInSession, row: HTMLElement | null) => {
    // the device leaves the list at once: focus goes on to the next row
    focusAfterRemoval(row);
    signOut.mutate(session.id, { onError: () => void alert(t('yourSessions.signOutError')) });
  };
  const onSignOutOthers = async () => {
    if (!(await confirm(t('yourSessions.confirmSignOutOthers'), { confirmLabel: t('yourSessions.signOutOthers'), danger: true }))) return;
    signOutOthers.mutate(undefined, { onError: () => void alert(t('yourSessions.signOutOthersError')) });
  };

  return (
    <SettingsSection id="settings-sessions" title={t('yourSessions.title')}>
      <p className={settingsExplanation}>{t('yourSessions.intro')}</p>
      {list.isPending ? (
        <Spinner label={t('yourSessions.loading')} />
      ) : list.isError ? (
        <LoadError error={list.error} fallback={t('yourSessions.loadError')} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <ul className={styles.list} aria-label={t('yourSessions.title')}>
            {items.map((session) => (
              <li key={session.id} className={styles.row}>
                <Monitor size={20} aria-hidden />
                <span className={styles.entry}>
                  <span className={styles.name}>
                    {deviceName(session)}
                    {session.current && <span className={styles.thisDevice}>{t('yourSessions.thisDevice')}</span>}
                  </span>
                  <span className="muted">
                    {!session.current && (
                      <>
                        <time dateTime={session.lastUsedAt}>{t('yourSessions.lastActive', { time: relativeTimeText(session.lastUsedAt) })}</time>
                        {' · '}
                      </>
                    )}
                    <time dateTime={session.createdAt}>{t('yourSessions.signedIn', { time: relativeTimeText(session.createdAt) })}</time>
                  </span>
                </span>
                {!session.current && (
                  <button
                    type="button"
                    className="btn btn-secondary btn-small"
                    onClick={(event) => onSignOut(session, event.currentTarget.closest('li'))}
                    aria-label={t('yourSessions.signOutDevice', { device: deviceName(session) })}
                  >
                    {t('yourSessions.signOut')}
                  </button>
                )}
              </li>
            ))}
          </ul>
          {others.length === 0 ? (
            <p className={`muted ${styles.noOthers}`}>{t('yourSessions.noOthers')}</p>
          ) : (
            <button
              type="button"
              className={`btn btn-secondary ${styles.signOutOthers}`}
              onClick={() => void onSignOutOthers()}
              disabled={signOutOthers.isPending}
              aria-busy={signOutOthers.isPending}
            >
              {t('yourSessions.signOutOthers')}
            </button>
          )}
        </>
      )}
    </SettingsSection>
  );
}
