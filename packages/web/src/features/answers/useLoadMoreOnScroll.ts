import { useEffect } from 'react';

/** Distance from the page bottom at which the next page starts loading (spec §9). */
const LOAD_MORE_THRESHOLD_PX = 200;

/** Calls `loadMore` whenever the window is scrolled (or already sits) within 200 px of the bottom. */
export function useLoadMoreOnScroll({ hasMore, loading, loadMore }: { hasMore: boolean; loading: boolean; loadMore(): void }) {
  useEffect(() => {
    if (!hasMore || loading) return;
    const check = () => {
      const distance = document.documentElement.scrollHeight - (window.scrollY + window.innerHeight);
      if (distance <= LOAD_MORE_THRESHOLD_PX) loadMore();
    };
    check(); // a short first page may not fill the screen
    window.addEventListener('scroll', check, { passive: true });
    window.addEventListener('resize', check);
    return () => {
      window.removeEventListener('scroll', check);
      window.removeEventListener('resize', check);
    };
  }, [hasMore, loading, loadMore]);
}
