import { useEffect, useState, type ReactNode } from 'react';
import { SPLASH_FADE_MS, SPLASH_MIN_MS } from '@askbox/common';
import { useMe } from '../features/session/api';
import { Splash } from './Splash';

/**
 * Holds the routes until the auth state is known (so guards never redirect on a guess) and
 * keeps the splash up for at least 2 s, then fades it out over 0.5 s.
 */
export function AppGate({ children }: { children: ReactNode }) {
  const me = useMe();
  const [minimumShown, setMinimumShown] = useState(false);
  const [gone, setGone] = useState(false);
  const ready = !me.isPending && minimumShown;

  useEffect(() => {
    const timer = setTimeout(() => setMinimumShown(true), SPLASH_MIN_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(() => {
    if (!ready) return;
    const timer = setTimeout(() => setGone(true), SPLASH_FADE_MS);
    return () => clearTimeout(timer);
  }, [ready]);

  return (
    <>
      {ready && children}
      {!gone && <Splash fading={ready} />}
    </>
  );
}
