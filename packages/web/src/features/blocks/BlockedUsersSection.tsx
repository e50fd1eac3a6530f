import { EmptyState } from '../../components/EmptyState';
import { SettingsSection } from '../../components/SettingsSection';
import { Spinner } from '../../components/Spinner';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { UserList } from '../profiles/UserList';
import { useBlockedUsers, useBlockToggle } from './api';
import { t } from '../../i18n';

/** Settings' 'Blocked users' list (spec §2): a spinner while loading, an empty list if loading fails. */
export function BlockedUsersSection() {
  const blocked = useBlockedUsers();
  const toggle = useBlockToggle();
  const { confirm } = useDialogs();
  const items = blocked.data?.items ?? [];

  const onUnblock = async (username: string) => {
    if (!(await confirm(t('confirmUnblock')))) return;
    // spec §8: a failed unblock is silent; the list reloads from the server
    toggle.mutate({ key: username, on: false }, { onError: (error) => console.error('unblock failed', error) });
  };

  return (
    <SettingsSection id="settings-blocked" title={t('blockedUsers')}>
      {blocked.isPending ? (
        <Spinner label={t('loadingBlockedUsers')} />
      ) : items.length === 0 ? (
        <EmptyState title={t('noBlockedUsers')} />
      ) : (
        <UserList
          users={items}
          label={t('blockedUsers')}
          action={(user) => (
            <button
              type="button"
              className="btn btn-secondary btn-small"
              onClick={() => void onUnblock(user.username)}
              aria-label={t('unblockUser', { name: `@${user.username}` })}
            >
              {t('unblock')}
            </button>
          )}
        />
      )}
    </SettingsSection>
  );
}
