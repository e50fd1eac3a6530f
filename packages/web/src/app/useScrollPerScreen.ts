import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Where each screen was left, by path; for this tab only (a reload starts every screen at its top). */
const positions = new Map<string, number>();

/** Frames to keep trying while a screen's list arrives and grows tall enough (about a second). */
const RESTORE_FRAMES = 60;

/**
 * Each tab keeps its own scroll position: switching away and back returns where you were, and a
 * screen opened for the first time starts at its top (not at the previous screen's offset). A
 * link to an anchor (#post-…) is left to the screen that scrolls to it.
 */
export function useScrollPerScreen(): void {
  const { pathname, hash } = useLocation();

  useEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);

  useLayoutEffect(() => {
    let frame = 0;
    if (!hash) {
      const target = positions.get(pathname) ?? 0;
      let tries = 0;
      const restore = () => {
        window.scrollTo(0, target);
        if (Math.abs(window.scrollY - target) > 1 && tries++ < RESTORE_FRAMES) frame = requestAnimationFrame(restore);
      };
      restore();
    }
    const remember = () => positions.set(pathname, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
    };
  }, [pathname, hash]);
}
