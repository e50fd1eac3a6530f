import { EmptyState } from '../../components/EmptyState';
import { SettingsSection } from '../../components/SettingsSection';
import { Spinner } from '../../components/Spinner';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { focusAfterRemoval } from '../../components/focusAfterAction';
import { UserList } from '../profiles/UserList';
import { useBlockedAskers } from '../safety/api';
import { BlockedAskersList } from '../safety/BlockedAskersList';
import { useBlockedUsers, useBlockToggle } from './api';
import { t } from '../../i18n';

/**
 * Settings' 'Blocked users' list: a spinner while loading, an empty list if loading fails.
 * Below the people, the anonymous askers blocked from the inbox ('Anonymous asker' and their question).
 */
export function BlockedUsersSection() {
  const blocked = useBlockedUsers();
  const toggle = useBlockToggle();
  const { confirm } = useDialogs();
  const askers = useBlockedAskers();
  const items = blocked.data?.items ?? [];
  const askerEntries = askers.data?.items ?? [];

  const onUnblock = async (username: string, row: HTMLElement | null) => {
    if (!(await confirm(t('confirmUnblock'), { confirmLabel: t('unblock'), danger: true }))) return;
    // the person leaves the list at once: focus goes on to the next row
    focusAfterRemoval(row);
    // a failed unblock is silent; the list reloads from the server
    toggle.mutate({ key: username, on: false }, { onError: (error) => console.error('unblock failed', error) });
  };

  return (
    <SettingsSection id="settings-blocked" title={t('blockedUsers')}>
      {blocked.isPending || askers.isPending ? (
        <Spinner label={t('loadingBlockedUsers')} />
      ) : items.length === 0 && askerEntries.length === 0 ? (
        <EmptyState title={t('noBlockedUsers')} art="blocked" />
      ) : (
        <>
          <UserList
            users={items}
            label={t('blockedUsers')}
            action={(user) => (
              <button
                type="button"
                className="btn btn-secondary btn-small"
                onClick={(event) => void onUnblock(user.username, event.currentTarget.closest('li'))}
                aria-label={t('unblockUser', { name: `@${user.username}` })}
              >
                {t('unblock')}
              </button>
            )}
          />
          <BlockedAskersList entries={askerEntries} />
        </>
      )}
    </SettingsSection>
  );
}
