import { useState } from 'react';
import { messages } from '@askbox/common';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { useFeed } from '../../features/feed/api';
import { NewAnswersPill } from '../../features/feed/NewAnswersPill';
import { PostCard } from '../../features/answers/PostCard';
import { LoadMoreFooter } from '../../features/answers/LoadMoreFooter';
import { useLoadMoreOnScroll } from '../../features/answers/useLoadMoreOnScroll';
import { LoadError } from '../../components/LoadError';

/** /home: answers of the people you follow. The list is pinned to `asOf` until the pill is tapped. */
export function HomeScreen() {
  const [asOf, setAsOf] = useState(() => new Date().toISOString());
  const feed = useFeed(asOf);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = feed;
  useLoadMoreOnScroll({ hasMore: hasNextPage, loading: isFetchingNextPage || feed.isPending, loadMore: () => void fetchNextPage() });
  const posts = feed.data?.pages.flatMap((page) => page.items) ?? [];

  return (
    <div className="screen">
      <NewAnswersPill since={asOf} onReload={() => setAsOf(new Date().toISOString())} />
      <h1 className="screen-title">{messages.navHome}</h1>
      {feed.isPending ? (
        <Spinner label="Loading feed" />
      ) : feed.isError ? (
        <LoadError error={feed.error} fallback={messages.feedLoadError} onRetry={() => void feed.refetch()} />
      ) : posts.length === 0 ? (
        <EmptyState title={messages.noPosts} detail={messages.followMore} />
      ) : (
        <section aria-label="Feed">
          {posts.map((post) => (
            <PostCard key={post.id} post={post} showReceiver />
          ))}
          {hasNextPage && <LoadMoreFooter />}
        </section>
      )}
    </div>
  );
}
