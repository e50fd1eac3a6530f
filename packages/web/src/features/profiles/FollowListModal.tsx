import { useEffect, useRef } from 'react';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
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
  const users = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <Modal title={title} onClose={onClose}>
      {list.isPending ? (
        <Spinner />
      ) : list.isError && users.length === 0 ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : users.length === 0 && !hasRemote ? (
        <EmptyState title={empty} />
      ) : (
        <>
          <UserList users={users} onNavigate={onClose} />
          {list.hasNextPage && <NextPageSentinel loading={list.isFetchingNextPage} onVisible={() => void list.fetchNextPage()} />}
        </>
      )}
      {hasRemote && <RemoteFollowersList username={username} canBlock={me.data?.username === username.toLowerCase()} />}
    </Modal>
  );
}

/** 'Scroll for more' at the end of the list; loads the next page when scrolled into view inside the modal. */
function NextPageSentinel({ loading, onVisible }: { loading: boolean; onVisible(): void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element || loading) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) onVisible();
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [loading, onVisible]);
  return (
    <div ref={ref}>
      <LoadMoreFooter />
    </div>
  );
}
