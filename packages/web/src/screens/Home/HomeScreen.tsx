import { useState } from 'react';
import { messages } from '@askbox/common';
import { LoadError } from '../../components/LoadError';
import { LoadMoreFooter } from '../../components/LoadMoreFooter';
import { SkeletonList } from '../../components/Skeleton';
import { useInfiniteScroll } from '../../components/useInfiniteScroll';
import { PostCard } from '../../features/answers/PostCard';
import { useFeed } from '../../features/feed/api';
import { EmptyFeed } from '../../features/feed/EmptyFeed';
import { NewAnswersPill } from '../../features/feed/NewAnswersPill';

/** /home: answers of the people you follow. The list is pinned to `asOf` until the pill is tapped. */
export function HomeScreen() {
  const [asOf, setAsOf] = useState(() => new Date().toISOString());
  const feed = useFeed(asOf);
  const posts = useInfiniteScroll(feed);

  return (
    <div className="screen">
      <NewAnswersPill since={asOf} onReload={() => setAsOf(new Date().toISOString())} />
      <h1 className="screen-title">{messages.navHome}</h1>
      {feed.isPending ? (
        <SkeletonList kind="post" label="Loading feed" />
      ) : feed.isError ? (
        <LoadError error={feed.error} fallback={messages.feedLoadError} onRetry={() => void feed.refetch()} />
      ) : posts.length === 0 ? (
        <EmptyFeed />
      ) : (
        <section aria-label="Feed">
          {posts.map((post) => (
            <PostCard key={post.id} post={post} showReceiver />
          ))}
          {feed.hasNextPage && <LoadMoreFooter />}
        </section>
      )}
    </div>
  );
}
