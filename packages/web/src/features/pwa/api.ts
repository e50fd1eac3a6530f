// What the app starts at boot: the service worker, and an ear for the browser's install prompt.
export { captureInstallPrompt } from './installEvent';
export { cachedFeedAsOf, keepOfflineCache } from './offlineCache';

import { watchForUpdates } from './updates';

export { useUpdateAvailable, applyUpdate } from './updates';

/**
 * Registers the service worker (offline shell, push) through workbox-window, which tells us when
 * a new version is installed and waiting (the update banner offers 'Reload'). Only in built apps:
 * the dev server serves no sw.js, and a worker there would cache modules Vite keeps changing.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    watchForUpdates('/sw.js').catch((error: unknown) => console.error('service worker registration failed', error));
  });
}
