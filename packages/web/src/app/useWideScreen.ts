import { useSyncExternalStore } from 'react';

/** The width from which the app has rails beside its column (the tab bar becomes a side navigation). */
export const WIDE_SCREEN = '(min-width: 1024px)';

const subscribe = (onChange: () => void) => {
  const query = window.matchMedia(WIDE_SCREEN);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
};

/** Whether the window is desktop-wide now (follows resizes): what only a desktop shows is not even loaded on a phone. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(subscribe, () => window.matchMedia(WIDE_SCREEN).matches);
}
