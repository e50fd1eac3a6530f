import { ApiError } from '../../api/client';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { useFollowToggle } from './api';
import { t } from '../../i18n';

/** Follow / Following toggle; the state shown comes from the (optimistically updated) cache. */
export function FollowButton({ username, isFollowing, small = false }: { username: string; isFollowing: boolean; small?: boolean }) {
  const toggle = useFollowToggle();
  const { alert } = useDialogs();
  // a failed follow is silent (the state reconciles with the server), except the block refusal
  const onClick = () =>
    toggle.mutate(
      { key: username, on: !isFollowing },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'blocked') void alert(t('unableToFollow'));
          else console.error('follow failed', error);
        },
      },
    );
  return (
    <button
      type="button"
      className={`btn ${isFollowing ? 'btn-secondary' : 'btn-primary'} ${small ? 'btn-small' : ''}`}
      aria-pressed={isFollowing}
      onClick={onClick}
    >
      {isFollowing ? t('following') : t('follow')}
    </button>
  );
}
