import { useDeferredValue, useEffect, useId, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { Search, X } from 'lucide-react';
import { type FriendCard } from '@askbox/common';
import { EmptyState } from '../../components/EmptyState';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { Spinner } from '../../components/Spinner';
import { SkeletonList } from '../../components/Skeleton';
import { useRecommendedFriends, useUserSearch } from '../../features/friends/api';
import { FollowButton } from '../../features/follows/FollowButton';
import { InviteCard } from '../../features/profiles/InviteCard';
import { UserList } from '../../features/profiles/UserList';
import styles from './Friends.module.css';
import { t, useDocumentTitle } from '../../i18n';

/** Waits until typing pauses so every keystroke does not become a request. */
function useDebounced(value: string, ms = 250): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

export function FriendsScreen() {
  useDocumentTitle(t('titles.friends'));
  const [query, setQuery] = useState('');
  const debounced = useDeferredValue(useDebounced(query));
  const searching = query.trim() !== '';
  const inputId = useId();
  const searchInput = useRef<HTMLInputElement>(null);
  const location = useLocation();
  // the desktop's 'Ask someone': asking starts with finding the person
  const findSomeoneToAsk = (location.state as { findSomeoneToAsk?: boolean } | null)?.findSomeoneToAsk === true;
  useEffect(() => {
    if (findSomeoneToAsk) searchInput.current?.focus();
  }, [findSomeoneToAsk, location.key]);

  return (
    <div className="screen">
      <h1 className="screen-title">{t('navFriends')}</h1>
      <div className={styles.searchBar} role="search">
        <div className={styles.searchField}>
          <Search className={styles.searchIcon} size={18} aria-hidden />
          <label htmlFor={inputId} className="visually-hidden">
            {t('searchFriends')}
          </label>
          <input
            ref={searchInput}
            id={inputId}
            className={`input ${styles.searchInput}`}
            type="search"
            placeholder={t('searchFriends')}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
        {searching && (
          <button type="button" className="icon-btn" aria-label={t('cancel')} onClick={() => setQuery('')}>
            <X size={22} aria-hidden />
          </button>
        )}
      </div>
      {searching ? (
        <SearchResults query={debounced} />
      ) : (
        <>
          <InviteCard />
          <h2 className="section-title">{t('recommendedFriends')}</h2>
          <Recommendations />
        </>
      )}
    </div>
  );
}

function FriendList({ items, label }: { items: FriendCard[]; label: string }) {
  return (
    <UserList
      users={items}
      label={label}
      className={`card ${styles.list}`}
      action={(user) => <FollowButton username={user.username} isFollowing={user.isFollowing} small />}
    />
  );
}

function SearchResults({ query }: { query: string }) {
  const results = useUserSearch(query);
  if (query.trim() === '') return <Spinner label={t('searching')} />;
  // offline, a search that cannot start says so instead of spinning
  if (results.isPending) return <Loading query={results} label={t('searching')} />;
  if (results.isError) return <LoadError error={results.error} onRetry={() => void results.refetch()} />;
  if (results.data.items.length === 0) return <EmptyState title={t('noUsersFound')} art="search" />;
  return <FriendList items={results.data.items} label={t('searchResults')} />;
}

function Recommendations() {
  const recommended = useRecommendedFriends();
  if (recommended.isPending) return <SkeletonList kind="row" count={5} label={t('loadingRecommendations')} />;
  if (recommended.isError) return <LoadError error={recommended.error} onRetry={() => void recommended.refetch()} />;
  if (recommended.data.items.length === 0) return <EmptyState title={t('noRecommendations')} />;
  return <FriendList items={recommended.data.items} label={t('recommendedFriends')} />;
}
