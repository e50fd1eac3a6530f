import { messages } from '@askbox/common';
import { Modal } from '../../components/Modal';
import { Spinner } from '../../components/Spinner';
import { EmptyState } from '../../components/EmptyState';
import { errorMessage } from '../../api/client';
import { useFollowList } from './api';
import { UserRow } from './UserRow';

/** The Followers / Followings list of a profile, each person linking to their profile. */
export function FollowListModal({ username, direction, onClose }: { username: string; direction: 'followers' | 'following'; onClose(): void }) {
  const list = useFollowList(username, direction);
  const title = direction === 'followers' ? messages.followers : messages.followings;
  const empty = direction === 'followers' ? messages.noFollowers : messages.notFollowingAnyone;
  return (
    <Modal title={title} onClose={onClose}>
      {list.isPending && <Spinner />}
      {list.isError && <p className="error-box" role="alert">{errorMessage(list.error)}</p>}
      {list.data && list.data.items.length === 0 && <EmptyState title={empty} />}
      {list.data && list.data.items.length > 0 && (
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }}>
          {list.data.items.map((user) => (
            <li key={user.id}>
              <UserRow user={user} onNavigate={onClose} />
            </li>
          ))}
        </ul>
      )}
    </Modal>
  );
}
