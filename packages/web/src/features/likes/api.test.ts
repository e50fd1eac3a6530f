import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, type InfiniteData } from '@tanstack/react-query';
import type { Post, PostPage } from '@askbox/common';
import { createLikeToggler } from './api';

const post = (over: Partial<Post> = {}): Post => ({
  id: 'p1',
  text: 'q',
  answer: 'a',
  isAnonymous: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  answeredAt: '2026-01-01T00:00:01.000Z',
  sender: null,
  receiver: { id: 'r', username: 'owner', fullname: 'Owner', photoURL: '/x.svg', badge: '' },
  likeCount: 3,
  likedByViewer: false,
  ...over,
});

function clientWith(p: Post) {
  const queryClient = new QueryClient();
  const data: InfiniteData<PostPage> = { pages: [{ items: [p], nextCursor: null }], pageParams: [''] };
  queryClient.setQueryData(['feed', 'list', 'x'], data);
  queryClient.setQueryData(['profile', 'owner', 'answers'], data);
  return queryClient;
}
const cached = (qc: QueryClient, key: unknown[]) => qc.getQueryData<InfiniteData<PostPage>>(key)!.pages[0]!.items[0]!;

/** A fetch whose responses the test releases one by one, answering like the server would. */
function fakeServer(startCount: number) {
  const calls: string[] = [];
  const waiting: (() => void)[] = [];
  let likedOnServer = false;
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit) => {
      calls.push(init.method!);
      return new Promise<Response>((resolve) => {
        waiting.push(() => {
          likedOnServer = init.method === 'POST';
          const body = JSON.stringify({ liked: likedOnServer, likeCount: startCount + (likedOnServer ? 1 : 0) });
          resolve(new Response(body, { status: 200, headers: { 'content-type': 'application/json' } }));
        });
      });
    }),
  );
  const releaseNext = async () => {
    await vi.waitFor(() => expect(waiting.length).toBeGreaterThan(0));
    waiting.shift()!();
    await new Promise((r) => setTimeout(r, 0));
  };
  return { calls, releaseNext, pendingCount: () => waiting.length };
}

afterEach(() => vi.unstubAllGlobals());

describe('like toggling', () => {
  it('shows the like at once in every cached list, then the server count', async () => {
    const qc = clientWith(post());
    const server = fakeServer(3);
    const toggle = createLikeToggler(qc);
    const done = toggle('p1');
    expect(cached(qc, ['feed', 'list', 'x'])).toMatchObject({ likedByViewer: true, likeCount: 4 });
    expect(cached(qc, ['profile', 'owner', 'answers'])).toMatchObject({ likedByViewer: true, likeCount: 4 });
    await server.releaseNext();
    await done;
    expect(server.calls).toEqual(['POST']);
    expect(cached(qc, ['feed', 'list', 'x'])).toMatchObject({ likedByViewer: true, likeCount: 4 });
  });

  it('serialises rapid taps: one request at a time, ending on the last tap', async () => {
    const qc = clientWith(post());
    const server = fakeServer(3);
    const toggle = createLikeToggler(qc);
    const first = toggle('p1'); // like
    void toggle('p1'); // unlike
    void toggle('p1'); // like again
    expect(cached(qc, ['feed', 'list', 'x'])).toMatchObject({ likedByViewer: true, likeCount: 4 });
    expect(server.pendingCount()).toBe(1);
    await server.releaseNext();
    await first;
    // the wanted state (liked) equals what the first request did: no second request
    expect(server.calls).toEqual(['POST']);

    const again = toggle('p1'); // unlike
    void toggle('p1'); // like
    void toggle('p1'); // unlike: the last tap wins
    await server.releaseNext(); // DELETE
    await again;
    expect(server.calls).toEqual(['POST', 'DELETE']);
    expect(cached(qc, ['profile', 'owner', 'answers'])).toMatchObject({ likedByViewer: false, likeCount: 3 });
  });

  it('sends a follow-up request when the user changed their mind while one was running', async () => {
    const qc = clientWith(post());
    const server = fakeServer(3);
    const toggle = createLikeToggler(qc);
    const done = toggle('p1'); // like
    void toggle('p1'); // unlike while the like is on its way
    await server.releaseNext(); // POST answers liked: but the user wants unliked
    await server.releaseNext(); // DELETE
    await done;
    expect(server.calls).toEqual(['POST', 'DELETE']);
    expect(cached(qc, ['feed', 'list', 'x'])).toMatchObject({ likedByViewer: false, likeCount: 3 });
  });
});
