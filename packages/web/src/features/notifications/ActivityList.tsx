import { Link } from 'react-router';
import { Heart, UserPlus } from 'lucide-react';
import { type ActivityItem } from '@askbox/common';
import { Avatar } from '../../components/Avatar';
import { EmptyState } from '../../components/EmptyState';
import styles from './Notifications.module.css';
import { relativeTimeText, t } from '../../i18n';

const quote = (answer: string) => (answer.length > 60 ? `${answer.slice(0, 60)}...` : answer);

/** Follows and likes received: who, what and when; each row opens the follower or the liked answer. */
export function ActivityList({ items }: { items: ActivityItem[] }) {
  if (items.length === 0) return <EmptyState title={t('noNotifications')} />;
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.id}>
          <Link to={item.post ? `/profile#post-${item.post.id}` : `/u/${item.user.username}`} className={`${styles.row} ${item.unread ? styles.unread : ''}`}>
            <span className={styles.avatar}>
              <Avatar src={item.user.photoURL} name={item.user.fullname} size={44} />
              <span className={`${styles.kind} ${item.type === 'like' ? styles.kindLike : ''}`} aria-hidden>
                {item.type === 'like' ? <Heart size={12} fill="currentColor" /> : <UserPlus size={12} />}
              </span>
            </span>
            <span className={styles.text}>
              <span>
                <strong>{item.user.fullname}</strong> <span className="muted">@{item.user.username}</span>{' '}
                {item.type === 'follow' ? t('startedFollowingYou') : `${t('likedYourAnswer')}:`}
              </span>
              {item.post && <span className={styles.quote}>“{quote(item.post.answer)}”</span>}
              <time className={styles.time} dateTime={item.at}>
                {relativeTimeText(item.at)}
              </time>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
