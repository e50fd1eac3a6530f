import { useDeferredValue, useEffect, useId, useState } from 'react';
import { Copy, Search, Share2, X } from 'lucide-react';
import { messages, type FriendCard } from '@askbox/common';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { useDialogs } from '../../components/dialogs/DialogsProvider';
import { errorMessage } from '../../api/client';
import { useAppConfig, useViewer } from '../../features/session/api';
import { useRecommendedFriends, useUserSearch } from '../../features/friends/api';
import { FollowButton } from '../../features/follows/FollowButton';
import { UserRow } from '../../features/profiles/UserRow';
import { canWebShare, copyText, profileLinkOf, webShare } from '../../features/profiles/share';
import styles from './Friends.module.css';

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
  const [query, setQuery] = useState('');
  const debounced = useDeferredValue(useDebounced(query));
  const searching = query.trim() !== '';
  const inputId = useId();

  return (
    <div className="screen">
      <h1 className="screen-title">{messages.navFriends}</h1>
      <div className={styles.searchBar} role="search">
        <div className={styles.searchField}>
          <Search className={styles.searchIcon} size={18} aria-hidden />
          <label htmlFor={inputId} className="visually-hidden">
            {messages.searchFriends}
          </label>
          <input
            id={inputId}
            className={`input ${styles.searchInput}`}
            type="search"
            placeholder={messages.searchFriends}
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            autoComplete="off"
            enterKeyHint="search"
          />
        </div>
        {searching && (
          <button type="button" className="icon-btn" aria-label={messages.cancel} onClick={() => setQuery('')}>
            <X size={22} aria-hidden />
          </button>
        )}
      </div>
      {searching ? (
        <SearchResults query={debounced} />
      ) : (
        <>
          <InviteCard />
          <h2 className="section-title">{messages.recommendedFriends}</h2>
          <Recommendations />
        </>
      )}
    </div>
  );
}

function FriendList({ items, label }: { items: FriendCard[]; label: string }) {
  return (
    <ul className={`card ${styles.list}`} aria-label={label}>
      {items.map((user) => (
        <li key={user.id}>
          <UserRow user={user} action={<FollowButton username={user.username} isFollowing={user.isFollowing} small />} />
        </li>
      ))}
    </ul>
  );
}

function SearchResults({ query }: { query: string }) {
  const results = useUserSearch(query);
  if (query.trim() === '' || results.isPending) return <Spinner label="Searching" />;
  if (results.isError) return <p className="error-box" role="alert">{errorMessage(results.error)}</p>;
  if (results.data.items.length === 0) return <EmptyState title={messages.noUsersFound} />;
  return <FriendList items={results.data.items} label="Search results" />;
}

function Recommendations() {
  const recommended = useRecommendedFriends();
  if (recommended.isPending) return <Spinner label="Loading recommendations" />;
  if (recommended.isError)
    return (
      <div className="error-box" role="alert">
        {errorMessage(recommended.error)}{' '}
        <button type="button" className="btn btn-small btn-secondary" onClick={() => void recommended.refetch()}>
          Retry
        </button>
      </div>
    );
  if (recommended.data.items.length === 0) return <EmptyState title={messages.noRecommendations} />;
  return <FriendList items={recommended.data.items} label={messages.recommendedFriends} />;
}

function InviteCard() {
  const me = useViewer();
  const config = useAppConfig();
  const { toast, alert } = useDialogs();
  const link = profileLinkOf(config.data?.publicUrl ?? window.location.origin, me.username);
  const onCopy = async () => {
    if (await copyText(link)) toast(messages.linkCopied);
    else await alert(link);
  };
  return (
    <section className={`card ${styles.invite}`} aria-labelledby="invite-title">
      <h2 id="invite-title" className={styles.inviteTitle}>
        {messages.inviteFriends}
      </h2>
      <p className={styles.link} data-testid="share-link">
        {link}
      </p>
      <div className={styles.inviteButtons}>
        <button type="button" className="btn btn-primary btn-small" onClick={() => void onCopy()}>
          <Copy size={16} aria-hidden /> {messages.copyLink}
        </button>
        {canWebShare() && (
          <button type="button" className="btn btn-secondary btn-small" onClick={() => void webShare({ title: 'Askbox', text: `Ask me anything on Askbox`, url: link })}>
            <Share2 size={16} aria-hidden /> Share
          </button>
        )}
      </div>
    </section>
  );
}
