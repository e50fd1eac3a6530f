/**
 * Registers the service worker (offline shell, push). Only in built apps: the dev server
 * serves no sw.js, and a worker there would cache modules Vite keeps changing.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  window.addEventListener('load', () => {
    navigator.serviceWorker.register('/sw.js', { scope: '/' }).catch((error: unknown) => console.error('service worker registration failed', error));
  });
}
