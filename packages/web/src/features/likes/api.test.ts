import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, type InfiniteData, type QueryKey } from '@tanstack/react-query';
import type { Answer, AnswerPage } from '@askbox/common';
import { createToggleQueue } from '../../api/toggleQueue';
import { fakeServer } from '../../test/fakeServer';
import { answerKeys } from '../answers/api';
import { feedKeys } from '../feed/api';
import { profileKeys } from '../profiles/api';
import { likeToggle } from './api';

const answerWith = (over: Partial<Answer> = {}): Answer => ({
  id: 'p1',
  text: 'q',
  answer: 'a',
  contentWarning: null,
  picture: null,
  isAnonymous: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  answeredAt: '2026-01-01T00:00:01.000Z',
  sender: null,
  remoteSender: null,
  receiver: { id: 'r', username: 'owner', fullname: 'Owner', photoURL: '/x.svg', badge: '' },
  publicProfile: false,
  pinned: false,
  likeCount: 3,
  replyCount: 0,
  boostCount: 0,
  likedByViewer: false,
  ...over,
});

const feedList = feedKeys.list('2026-01-02T00:00:00.000Z');
const ownerAnswers = answerKeys.ofProfile('owner');

/** The answer cached twice, as the feed and the owner's profile show it, beside the owner's profile. */
function clientWith(p: Answer) {
  const queryClient = new QueryClient();
  const data: InfiniteData<AnswerPage> = { pages: [{ items: [p], nextCursor: null }], pageParams: [''] };
  queryClient.setQueryData(feedList, data);
  queryClient.setQueryData(ownerAnswers, data);
  queryClient.setQueryData(profileKeys.profile('owner'), { counts: { likes: 3 } });
  return queryClient;
}
const cached = (qc: QueryClient, key: QueryKey) => qc.getQueryData<InfiniteData<AnswerPage>>(key)!.pages[0]!.items[0]!;
const invalidated = (qc: QueryClient, key: QueryKey) => qc.getQueryState(key)?.isInvalidated;

/** Likes on the server: the count the server answers includes `othersLikes` from other people. */
const likeServer = (othersLikes: number) =>
  fakeServer((method) => {
    const liked = method === 'POST';
    return { body: { liked, likeCount: othersLikes + (liked ? 1 : 0) } };
  });

afterEach(() => vi.unstubAllGlobals());

describe('like toggle', () => {
  it('shows the like at once in every cached copy, then the count the server answers', async () => {
    const qc = clientWith(answerWith());
    const server = likeServer(7);
    const done = createToggleQueue(likeToggle(qc)).set('p1', true);
    expect(cached(qc, feedList)).toMatchObject({ likedByViewer: true, likeCount: 4 });
    expect(cached(qc, ownerAnswers)).toMatchObject({ likedByViewer: true, likeCount: 4 });
    await server.answerNext();
    await done;
    expect(server.calls).toEqual(['POST /api/answers/p1/like']);
    // others liked meanwhile: the server's exact count wins everywhere
    expect(cached(qc, feedList)).toMatchObject({ likedByViewer: true, likeCount: 8 });
    expect(cached(qc, ownerAnswers)).toMatchObject({ likedByViewer: true, likeCount: 8 });
    // the owner's Likes counter is refreshed; their answers list is already right
    expect(invalidated(qc, profileKeys.profile('owner'))).toBe(true);
    expect(invalidated(qc, ownerAnswers)).toBe(false);
    expect(invalidated(qc, feedList)).toBe(false);
  });

  it('five rapid taps send one request and end liked', async () => {
    const qc = clientWith(answerWith());
    const server = likeServer(3);
    const queue = createToggleQueue(likeToggle(qc));
    const taps = [true, false, true, false, true].map((liked) => queue.set('p1', liked));
    expect(cached(qc, feedList)).toMatchObject({ likedByViewer: true, likeCount: 4 });
    await server.answerNext();
    await Promise.all(taps);
    expect(server.calls).toEqual(['POST /api/answers/p1/like']);
    expect(cached(qc, ownerAnswers)).toMatchObject({ likedByViewer: true, likeCount: 4 });
  });

  it('an unlike tapped while the like is on its way is sent next, and the lists end unliked', async () => {
    const qc = clientWith(answerWith());
    const server = likeServer(3);
    const queue = createToggleQueue(likeToggle(qc));
    const done = queue.set('p1', true);
    void queue.set('p1', false);
    expect(cached(qc, feedList)).toMatchObject({ likedByViewer: false, likeCount: 3 });
    await server.answerNext(); // POST: liked, but the user wants unliked
    await server.answerNext(); // DELETE
    await done;
    expect(server.calls).toEqual(['POST /api/answers/p1/like', 'DELETE /api/answers/p1/like']);
    expect(cached(qc, feedList)).toMatchObject({ likedByViewer: false, likeCount: 3 });
  });

  it('a failed like goes back to the unliked answer and refetches the lists', async () => {
    const qc = clientWith(answerWith());
    const server = fakeServer(() => ({ status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } }));
    const done = createToggleQueue(likeToggle(qc)).set('p1', true);
    const failed = expect(done).rejects.toThrow('Something went wrong');
    expect(cached(qc, feedList)).toMatchObject({ likedByViewer: true, likeCount: 4 });
    await server.answerNext();
    await failed;
    expect(cached(qc, feedList)).toMatchObject({ likedByViewer: false, likeCount: 3 });
    expect(cached(qc, ownerAnswers)).toMatchObject({ likedByViewer: false, likeCount: 3 });
    expect(invalidated(qc, feedList)).toBe(true);
    expect(invalidated(qc, ownerAnswers)).toBe(true);
  });
});
