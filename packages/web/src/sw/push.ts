/// <reference lib="webworker" />
import type { Counters } from '@askbox/common';
import { pushTargetUrl, type PushPayload } from '@askbox/common/push';

/** Sets the installed app's badge to the same count as the nav badges, where the browser supports it. */
async function updateAppBadge(sw: ServiceWorkerGlobalScope): Promise<void> {
  const nav = sw.navigator as WorkerNavigator & { setAppBadge?: (n?: number) => Promise<void>; clearAppBadge?: () => Promise<void> };
  if (!nav.setAppBadge) return;
  try {
    const response = await fetch('/api/me/counters', { credentials: 'same-origin' });
    if (!response.ok) return;
    const c = (await response.json()) as Counters;
    const total = c.unansweredQuestions + c.unreadActivity + c.unreadAnswers;
    await (total > 0 ? nav.setAppBadge(total) : nav.clearAppBadge?.());
  } catch {
    // offline or signed out: leave the badge as it is
  }
}

function readPayload(event: PushEvent): PushPayload | null {
  try {
    return (event.data?.json() as PushPayload | undefined) ?? null;
  } catch {
    return null;
  }
}

/**
 * Push handling inside the service worker: show the notification, open the right screen on click
 * (the liked answer, the inbox, the follower's profile), keep the app badge current.
 * The PWA feature's sw.ts calls this once.
 */
export function installPushHandlers(sw: ServiceWorkerGlobalScope): void {
  sw.addEventListener('push', (event) => {
    const payload = readPayload(event);
    if (!payload) return;
    event.waitUntil(
      Promise.all([
        sw.registration.showNotification(payload.title, {
          body: payload.body,
          data: payload.data,
          icon: '/images/logo.svg',
          badge: '/images/logo.svg',
          tag: `${payload.data.type}-${payload.data.timestamp}`,
        }),
        updateAppBadge(sw),
      ]),
    );
  });

  sw.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as PushPayload['data'] | undefined;
    const url = new URL(data ? pushTargetUrl(data) : '/home', sw.location.origin).href;
    event.waitUntil(
      (async () => {
        const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const open = windows.find((w) => new URL(w.url).origin === sw.location.origin);
        if (open) {
          await open.focus();
          await open.navigate(url).catch(() => undefined);
          return;
        }
        await sw.clients.openWindow(url);
      })(),
    );
  });

  // the push service replaced the subscription: save the new one for the same user
  sw.addEventListener('pushsubscriptionchange', (event) => {
    const change = event as Event & { oldSubscription?: PushSubscription | null; waitUntil(p: Promise<unknown>): void };
    const options = change.oldSubscription?.options;
    if (!options) return;
    change.waitUntil(
      (async () => {
        const subscription = await sw.registration.pushManager.subscribe(options);
        const json = subscription.toJSON();
        await fetch('/api/push/subscriptions', {
          method: 'POST',
          credentials: 'same-origin',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ endpoint: json.endpoint, keys: json.keys }),
        });
      })(),
    );
  });
}
