import { useRecommendedFriends } from '../features/friends/api';
import { useSuggestedElsewhere } from '../features/friends/ShownSuggestions';
import { FollowButton } from '../features/follows/FollowButton';
import { InviteCard } from '../features/profiles/InviteCard';
import { UserList } from '../features/profiles/UserList';
import { SkeletonList } from '../components/Skeleton';
import styles from './RightRail.module.css';
import { t } from '../i18n';

/** How many recommended people the rail shows (the Friends screen has them all). */
const RAIL_RECOMMENDATIONS = 4;

/**
 * A desktop's right rail: a few recommended people and the invite card, beside the screens that do
 * not already show them; never someone the screen beside it suggests already. After the screen in
 * the document, so Tab reaches it last.
 */
export function RightRail() {
  const recommended = useRecommendedFriends();
  const elsewhere = useSuggestedElsewhere();
  const people = recommended.data?.items.filter((user) => !elsewhere.has(user.username)).slice(0, RAIL_RECOMMENDATIONS) ?? [];
  return (
    <aside className={styles.rail} aria-label={t('suggestions')}>
      {recommended.isPending ? (
        <SkeletonList kind="row" count={RAIL_RECOMMENDATIONS} label={t('loadingRecommendations')} />
      ) : (
        people.length > 0 && (
          <section className={`card ${styles.people}`} aria-labelledby="rail-recommended">
            <h2 id="rail-recommended" className="section-title">
              {t('recommendedFriends')}
            </h2>
            <UserList users={people} action={(user) => <FollowButton username={user.username} isFollowing={user.isFollowing} small />} />
          </section>
        )
      )}
      <InviteCard />
    </aside>
  );
}
