/// <reference lib="webworker" />
/**
 * Push handling inside the service worker (show the notification, open the right screen on
 * click, app badge). The PWA feature's sw.ts calls this; the notifications feature fills it in.
 */
export function installPushHandlers(_sw: ServiceWorkerGlobalScope): void {}
