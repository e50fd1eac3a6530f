import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { FriendList, Profile } from '@askbox/common';
import { ApiError } from '../../api/client';
import { createToggleQueue } from '../../api/toggleQueue';
import { fakeServer } from '../../test/fakeServer';
import { feedKeys } from '../feed/api';
import { friendKeys } from '../friends/api';
import { profileKeys } from '../profiles/api';
import { followToggle } from './api';

const star: Profile = {
  user: {
    id: 's',
    username: 'star',
    fullname: 'Star',
    photoURL: '/x.svg',
    coverURL: null,
    badge: '',
    bio: '',
    website: '',
    refusesAnonymousQuestions: false,
    publicProfile: false,
    movedTo: null,
  },
  counts: { answers: 0, followings: 0, followers: 4, likes: 0 },
  viewer: { isSelf: false, isFollowing: false, blockedByViewer: false, askRefusal: null },
};
const searchKey = friendKeys.search('sta');

/** Star's profile and a search result that lists them, as the cache holds them before the tap. */
function clientWithStar() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(profileKeys.profile('star'), star);
  queryClient.setQueryData<FriendList>(searchKey, { items: [{ ...star.user, isFollowing: false }] });
  queryClient.setQueryData(feedKeys.list('2026-01-01T00:00:00.000Z'), { pages: [], pageParams: [] });
  return queryClient;
}
const profileOf = (qc: QueryClient) => qc.getQueryData<Profile>(profileKeys.profile('star'))!;
const searchRow = (qc: QueryClient) => qc.getQueryData<FriendList>(searchKey)!.items[0]!;

afterEach(() => vi.unstubAllGlobals());

describe('follow toggle', () => {
  it('shows Following and one more follower at once on the profile and in friend lists, then the server count', async () => {
    const qc = clientWithStar();
    const server = fakeServer((method) => ({ body: { isFollowing: method === 'POST', followers: 9 } }));
    const done = createToggleQueue(followToggle(qc)).set('star', true);
    expect(profileOf(qc)).toMatchObject({ viewer: { isFollowing: true }, counts: { followers: 5 } });
    expect(searchRow(qc).isFollowing).toBe(true);
    await server.answerNext();
    await done;
    expect(server.calls).toEqual(['POST /api/users/star/follow']);
    expect(profileOf(qc)).toMatchObject({ viewer: { isFollowing: true }, counts: { followers: 9 } });
    // the viewer's own counts, the search results and the feed change with a follow
    expect(qc.getQueryState(profileKeys.profile('star'))?.isInvalidated).toBe(true);
    expect(qc.getQueryState(searchKey)?.isInvalidated).toBe(true);
    expect(qc.getQueryState(feedKeys.list('2026-01-01T00:00:00.000Z'))?.isInvalidated).toBe(true);
  });

  it('five rapid taps end following, with one request', async () => {
    const qc = clientWithStar();
    const server = fakeServer((method) => ({ body: { isFollowing: method === 'POST', followers: 5 } }));
    const queue = createToggleQueue(followToggle(qc));
    const taps = [true, false, true, false, true].map((following) => queue.set('star', following));
    await server.answerNext();
    await Promise.all(taps);
    expect(server.calls).toEqual(['POST /api/users/star/follow']);
    expect(profileOf(qc)).toMatchObject({ viewer: { isFollowing: true }, counts: { followers: 5 } });
  });

  it('a refused follow (they blocked you) goes back to Follow and says why', async () => {
    const qc = clientWithStar();
    const server = fakeServer(() => ({ status: 403, body: { error: { code: 'blocked', message: 'Unable to follow this user (active block).' } } }));
    const done = createToggleQueue(followToggle(qc)).set('star', true);
    const refused = expect(done).rejects.toEqual(expect.objectContaining({ code: 'blocked' }));
    await server.answerNext();
    await refused;
    await expect(done).rejects.toBeInstanceOf(ApiError);
    expect(profileOf(qc)).toMatchObject({ viewer: { isFollowing: false }, counts: { followers: 4 } });
    expect(searchRow(qc).isFollowing).toBe(false);
    expect(qc.getQueryState(profileKeys.profile('star'))?.isInvalidated).toBe(true);
  });
});
