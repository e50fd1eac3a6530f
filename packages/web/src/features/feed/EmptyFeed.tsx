import { Link } from 'react-router';
import { UserPlus } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { FollowButton } from '../follows/FollowButton';
import { useRecommendedFriends } from '../friends/api';
import { useSuggesting } from '../friends/ShownSuggestions';
import { UserList } from '../profiles/UserList';
import { t } from '../../i18n';
import styles from './EmptyFeed.module.css';

/** How many suggestions the empty feed shows; Friends has the full list. */
const SUGGESTIONS_SHOWN = 3;

/**
 * The empty home feed: the spec's text, a way straight to Friends and a few people to follow
 * (unless `suggest` is off: the welcome step above suggests them).
 */
export function EmptyFeed({ suggest = true }: { suggest?: boolean }) {
  const recommended = useRecommendedFriends();
  const suggestions = suggest ? (recommended.data?.items.slice(0, SUGGESTIONS_SHOWN) ?? []) : [];
  useSuggesting(
    'emptyFeed',
    suggestions.map((user) => user.username),
  );
  return (
    <section aria-label={t('noPosts')} className={styles.emptyFeed}>
      <EmptyState title={t('noPosts')} detail={t('followMore')} art="feed" />
      <div className={styles.actions}>
        <Link to="/friends" className="btn btn-primary">
          <UserPlus size={18} aria-hidden />
          {t('findFriends')}
        </Link>
      </div>
      {suggestions.length > 0 && (
        <>
          <h2 className="section-title">{t('peopleToFollow')}</h2>
          <UserList
            users={suggestions}
            label={t('peopleToFollow')}
            className={`card ${styles.suggestions}`}
            action={(user) => <FollowButton username={user.username} isFollowing={user.isFollowing} small />}
          />
        </>
      )}
    </section>
  );
}
