/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst } from 'workbox-strategies';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { installPushHandlers } from './sw/push';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<{ url: string; revision: string | null }> };

// The app shell (index.html, hashed bundles, icons, manifest), listed by vite-plugin-pwa at build time.
precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// A new version waits until the page says so (the user chose 'Reload', decision 147): until then
// open tabs keep the worker whose precache holds the code chunks they were built with.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
clientsClaim();

const NAVIGATION_TIMEOUT_MS = 4000;

/**
 * Page loads go to the network first, so an online open always gets the newest index.html and
 * therefore the newest bundles (never a stale shell); offline (or a network that hangs) the
 * precached shell opens instead of the browser's error page, and the app says it is offline.
 */
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      const controller = new AbortController();
      const timer = setTimeout(() => controller.abort(), NAVIGATION_TIMEOUT_MS);
      try {
        return await fetch(request, { signal: controller.signal });
      } catch {
        return (await matchPrecache('/index.html')) ?? Response.error();
      } finally {
        clearTimeout(timer);
      }
    },
    // feeds, WebFinger, NodeInfo and ActivityPub documents are the server's, never the app shell
    { denylist: [/^\/api\//, /^\/media\//, /^\/healthz/, /^\/readyz/, /^\/ap\//, /^\/\.well-known\//, /^\/nodeinfo\//, /\.atom$/] },
  ),
);

/**
 * Uploaded pictures (avatars, covers: /media/, a new name at every upload, so a cached file never
 * goes stale) from a bounded cache, so the feed and profiles kept for offline show their faces:
 * the newest 300, for 30 days, dropped first when the browser is short of space. Only complete
 * answers (200) are kept; a picture not cached yet falls back to the network as usual.
 */
registerRoute(
  ({ url, request }) => url.origin === self.location.origin && url.pathname.startsWith('/media/') && request.destination === 'image',
  new CacheFirst({
    cacheName: 'askbox-images',
    plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 86_400, purgeOnQuotaError: true })],
  }),
);

installPushHandlers(self);
