import { describe, expect, it, vi } from 'vitest';
import type { PushPayload } from '@askbox/common';
import { installPushHandlers } from './push';

/** A stand-in ServiceWorkerGlobalScope recording what the handlers do. */
function fakeWorker(windows: { url: string; focus: () => Promise<void>; navigate: (url: string) => Promise<unknown> }[] = []) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const badges: (number | undefined)[] = [];
  const sw = {
    addEventListener: (type: string, fn: (event: unknown) => void) => listeners.set(type, fn),
    registration: { showNotification: async (title: string, options: NotificationOptions) => void shown.push({ title, options }) },
    location: { origin: 'https://askbox.test' },
    navigator: { setAppBadge: async (n?: number) => void badges.push(n), clearAppBadge: async () => void badges.push(0) },
    clients: { matchAll: async () => windows, openWindow: async (url: string) => void opened.push(url) },
  };
  installPushHandlers(sw as unknown as ServiceWorkerGlobalScope);
  const dispatch = async (type: string, event: object) => {
    let pending: Promise<unknown> = Promise.resolve();
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => (pending = p) });
    await pending;
  };
  return { dispatch, shown, opened, badges };
}

const like: PushPayload = {
  title: 'New Like ❤️',
  body: 'Bob liked your answer: "Sunsets"',
  data: { type: 'like', likerId: 'b', likerUsername: 'bob', postId: 'p1', timestamp: '2026-01-01T00:00:00.000Z' },
};

describe('service worker push handlers', () => {
  it('shows the notification and sets the app badge from the counters', async () => {
    vi.stubGlobal('fetch', async () => new Response(JSON.stringify({ unansweredQuestions: 2, unreadActivity: 3, unreadAnswers: 0 })));
    const w = fakeWorker();
    await w.dispatch('push', { data: { json: () => like } });
    expect(w.shown).toEqual([{ title: like.title, options: expect.objectContaining({ body: like.body, data: like.data }) }]);
    expect(w.badges).toEqual([5]);
    vi.unstubAllGlobals();
  });

  it('ignores a push without a readable payload', async () => {
    const w = fakeWorker();
    await w.dispatch('push', { data: { json: () => JSON.parse('not json') } });
    expect(w.shown).toEqual([]);
  });

  it.each([
    [like.data, 'https://askbox.test/profile#post-p1'],
    [{ type: 'follow', followerId: 'b', followerUsername: 'bob', timestamp: 't' }, 'https://askbox.test/u/bob'],
    [{ type: 'question', senderId: null, senderUsername: null, isAnonymous: true, timestamp: 't' }, 'https://askbox.test/questions'],
  ])('a click on %o opens %s in a new window when none is open', async (data, url) => {
    const w = fakeWorker();
    await w.dispatch('notificationclick', { notification: { data, close: () => undefined } });
    expect(w.opened).toEqual([url]);
  });

  it('a click focuses an open window and navigates it instead', async () => {
    const calls: string[] = [];
    const w = fakeWorker([
      { url: 'https://askbox.test/home', focus: async () => void calls.push('focus'), navigate: async (u) => calls.push(`navigate ${u}`) },
    ]);
    await w.dispatch('notificationclick', { notification: { data: like.data, close: () => undefined } });
    expect(calls).toEqual(['focus', 'navigate https://askbox.test/profile#post-p1']);
    expect(w.opened).toEqual([]);
  });
});
