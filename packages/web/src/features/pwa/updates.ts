import { useSyncExternalStore } from 'react';
import type { Workbox } from 'workbox-window';

/**
 * A deploy is announced, not swapped in silently: the new service worker installs and waits; the
 * page shows 'Reload'; the click lets it take over and reloads once it controls the page.
 */
let waiting: Workbox | null = null;
const listeners = new Set<() => void>();
const notify = () => listeners.forEach((listener) => listener());

export async function watchForUpdates(url: string): Promise<void> {
  // after the page has loaded, in a chunk of its own: no first screen waits for it
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox(url, { scope: '/' });
  workbox.addEventListener('waiting', () => {
    waiting = workbox;
    notify();
  });
  // once the new worker controls this page, load the new version
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload();
  });
  workbox.register().catch((error: unknown) => console.error('service worker registration failed', error));
}

export function useUpdateAvailable(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
    () => waiting !== null,
  );
}

export function applyUpdate(): void {
  waiting?.messageSkipWaiting();
}
