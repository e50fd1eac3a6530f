import { useEffect, useLayoutEffect } from 'react';
import { useLocation } from 'react-router';

/** Where each screen was left, by path; for this tab only (a reload starts every screen at its top). */
const positions = new Map<string, number>();

/** The window's last scroll offset, as the scroll events told it: 0 when the app starts (scrollRestoration is manual). */
let lastY = 0;

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
      // already there (the app's first screen): reading scrollY would lay out the whole new screen
      // at once, in the middle of React's commit, instead of once before the next paint
      if (target !== 0 || lastY !== 0) restore();
    }
    const remember = () => {
      lastY = window.scrollY;
      positions.set(pathname, lastY);
    };
    window.addEventListener('scroll', remember, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', remember);
    };
  }, [pathname, hash]);
}
