import { useDeferredValue, useEffect } from 'react';
import type { InfiniteData, UseInfiniteQueryResult } from '@tanstack/react-query';

/** Distance from the page bottom at which the next page starts loading. */
const LOAD_MORE_THRESHOLD_PX = 200;

/**
 * The items of a paged list (`{ items, nextCursor }` pages), loading the next page whenever the
 * window is scrolled (or already sits) within 200 px of the bottom; and `pending`, whether the
 * screen should still show the list's loading state (see useShownPending).
 */
export function useInfiniteScroll<Item>(list: UseInfiniteQueryResult<InfiniteData<{ items: Item[] }>>): { items: Item[]; pending: boolean } {
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  // measured only once the first page is on screen (it renders in the background, decision 183):
  // under the skeleton the page looks short and would ask for a second page at once
  const pending = useShownPending(list);
  const idle = hasNextPage && !isFetchingNextPage && !pending;
  useEffect(() => {
    if (!idle) return;
    const check = () => {
      const distance = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
      if (distance <= LOAD_MORE_THRESHOLD_PX) void fetchNextPage();
    };
    check(); // a short first page may not fill the screen
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
    // list.data: a deleted item can shorten the page without any scrolling
  }, [idle, fetchNextPage, list.data]);
  return { items: list.data?.pages.flatMap((page) => page.items) ?? [], pending };
}

/**
 * Whether a list's first page is still loading, as its screen should show it: when the page
 * arrives the loading state stays up for one more render, in the background, so the page is
 * built in slices that yield to the browser instead of one long task (decision 183). Only the
 * arrival waits: a list that starts loading (another tab, a new query) shows its loading state
 * at once, and a list already in the cache shows at once (nothing is deferred on mount).
 */
export function useShownPending(list: { isPending: boolean }): boolean {
  const stillShownPending = useDeferredValue(list.isPending);
  return list.isPending || stillShownPending;
}
