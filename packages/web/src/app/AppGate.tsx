import { useDeferredValue, useEffect, useState, type ReactNode } from 'react';
import { SPLASH_FADE_MS, SPLASH_MIN_MS } from '@askbox/common';
import { ApiError } from '../api/client';
import { useAppConfig, useMe } from '../features/session/api';
import { RevealedContext } from '../components/revealed';
import { Splash } from './Splash';
import { StartError } from './StartError';

/**
 * Holds the routes until the auth state is known (so guards never redirect on a guess) and
 * keeps the splash up for at least 2 s, then fades it out over 0.5 s. The splash never delays
 * data: as soon as the session is known the first screen mounts *under* it (inert, hidden from
 * assistive technology), so its code and data load while the logo shows (decision 147).
 */
export function AppGate({ children }: { children: ReactNode }) {
  const me = useMe();
  // the instance's settings (text limit, federation, …), asked for with the session (main.tsx), stay
  // observed: what they add to a screen is there when it mounts, nothing moves after
  useAppConfig();
  const [minimumShown, setMinimumShown] = useState(false);
  const [gone, setGone] = useState(false);
  // `data` is null when signed out and undefined only until the first answer: once known it
  // stays known (a failed refetch keeps it), so the routes never unmount and remount in a loop
  const known = me.data !== undefined;
  // the first screen mounts in a background render, sliced so it never blocks the page for long:
  // it is under the splash anyway (decision 183)
  const mounted = useDeferredValue(known);
  const ready = known && minimumShown;
  // no answer: offline (queries pause, or the request fails) or the server failing
  const failed = !known && minimumShown && (me.isError || me.fetchStatus === 'paused');
  const offline = me.fetchStatus === 'paused' || (me.error instanceof ApiError && me.error.status === 0);

  useEffect(() => {
    const timer = setTimeout(() => setMinimumShown(true), SPLASH_MIN_MS);
    return () => clearTimeout(timer);
  }, []);
  // a page opened offline never told TanStack Query it was offline, so it would not refetch on
  // reconnect by itself: ask again as soon as the browser is back online
  const { refetch } = me;
  useEffect(() => {
    if (!failed) return;
    const onOnline = () => void refetch();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [failed, refetch]);
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setGone(true), SPLASH_FADE_MS);
    return () => clearTimeout(timer);
  }, [ready]);

  return (
    <>
      {mounted && (
        <div inert={!ready} aria-hidden={!ready} style={{ display: 'contents' }}>
          <RevealedContext.Provider value={ready}>{children}</RevealedContext.Provider>
        </div>
      )}
      {failed && <StartError offline={offline} onRetry={() => void refetch()} />}
      {!gone && !failed && <Splash fading={ready} />}
    </>
  );
}
