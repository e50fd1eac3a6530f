import type { InfiniteData, QueryClient, QueryKey } from '@tanstack/react-query';
import type { Post, PostPage } from '@askbox/common';

/** Every cached list of posts: the home feed pages and each profile's answers. */
const isPostList = (key: QueryKey) => (key[0] === 'feed' && key[1] === 'list') || (key[0] === 'profile' && key[2] === 'answers');

/** Applies `change` to every cached copy of one post (feed and profiles alike). */
export function updateCachedPost(queryClient: QueryClient, postId: string, change: (post: Post) => Post): void {
  queryClient.setQueriesData<InfiniteData<PostPage>>({ predicate: (q) => isPostList(q.queryKey) }, (data) =>
    data && {
      ...data,
      pages: data.pages.map((page) => ({ ...page, items: page.items.map((post) => (post.id === postId ? change(post) : post)) })),
    },
  );
}

/** Drops a deleted post from every cached list. */
export function removeCachedPost(queryClient: QueryClient, postId: string): void {
  queryClient.setQueriesData<InfiniteData<PostPage>>({ predicate: (q) => isPostList(q.queryKey) }, (data) =>
    data && { ...data, pages: data.pages.map((page) => ({ ...page, items: page.items.filter((post) => post.id !== postId) })) },
  );
}

export function findCachedPost(queryClient: QueryClient, postId: string): Post | undefined {
  for (const [, data] of queryClient.getQueriesData<InfiniteData<PostPage>>({ predicate: (q) => isPostList(q.queryKey) })) {
    for (const page of data?.pages ?? []) {
      const found = page.items.find((post) => post.id === postId);
      if (found) return found;
    }
  }
  return undefined;
}

export const invalidatePostLists = (queryClient: QueryClient) => queryClient.invalidateQueries({ predicate: (q) => isPostList(q.queryKey) });
