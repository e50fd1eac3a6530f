import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { useRemoteFollowers } from '../federation/api';
import { RemoteFollowersList } from '../federation/RemoteFollowersList';
import { useMe } from '../session/api';
import { useFollowList } from './api';
import { UserList } from './UserList';
import { t } from '../../i18n';

/** The Followers / Followings list of a profile, each person linking to their profile; followers on other servers come last, marked remote. */
export function FollowListModal({ username, direction, onClose }: { username: string; direction: 'followers' | 'following'; onClose(): void }) {
  const list = useFollowList(username, direction);
  const me = useMe();
  const remote = useRemoteFollowers(username);
  const hasRemote = direction === 'followers' && (remote.data?.items.length ?? 0) > 0;
  const title = direction === 'followers' ? t('followers') : t('followings');
  const empty = direction === 'followers' ? t('noFollowers') : t('notFollowingAnyone');
  return (
    <Modal title={title} onClose={onClose}>
      {list.isPending ? (
        <Spinner />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.data.items.length === 0 && !hasRemote ? (
        <EmptyState title={empty} />
      ) : (
        <UserList users={list.data.items} onNavigate={onClose} />
      )}
      {hasRemote && <RemoteFollowersList username={username} canBlock={me.data?.username === username.toLowerCase()} />}
    </Modal>
  );
}
