import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import type { Profile, UserList } from '@askbox/common';
import { createToggleQueue } from '../../api/toggleQueue';
import { fakeServer } from '../../test/fakeServer';
import { answerKeys } from '../answers/api';
import { profileKeys } from '../profiles/api';
import { blockKeys, blockToggle } from './api';

const troll: Profile = {
  user: {
    id: 't',
    username: 'troll',
    fullname: 'Troll',
    photoURL: '/x.svg',
    coverURL: null,
    badge: '',
    bio: '',
    website: '',
    refusesAnonymousQuestions: false,
    publicProfile: false,
    movedTo: null,
  },
  counts: { answers: 1, followings: 0, followers: 0, likes: 0 },
  viewer: { isSelf: false, isFollowing: false, blockedByViewer: false, askRefusal: null },
};

function clientWith(blocked: boolean) {
  const queryClient = new QueryClient();
  queryClient.setQueryData(profileKeys.profile('troll'), { ...troll, viewer: { ...troll.viewer, blockedByViewer: blocked } });
  queryClient.setQueryData(answerKeys.ofProfile('troll'), { pages: [], pageParams: [] });
  queryClient.setQueryData(answerKeys.ofProfile('friend'), { pages: [], pageParams: [] });
  queryClient.setQueryData<UserList>(blockKeys.mine, { items: blocked ? [troll.user] : [] });
  return queryClient;
}
const blockedOnProfile = (qc: QueryClient) => qc.getQueryData<Profile>(profileKeys.profile('troll'))!.viewer.blockedByViewer;
const invalidated = (qc: QueryClient, key: readonly unknown[]) => qc.getQueryState(key)?.isInvalidated;

afterEach(() => vi.unstubAllGlobals());

describe('block toggle', () => {
  it('shows the block at once and refreshes everything but the blocked user’s answers', async () => {
    const qc = clientWith(false);
    const server = fakeServer((method) => ({ body: { blockedByViewer: method === 'POST' } }));
    const done = createToggleQueue(blockToggle(qc)).set('troll', true);
    expect(blockedOnProfile(qc)).toBe(true);
    await server.answerNext();
    await done;
    expect(server.calls).toEqual(['POST /api/users/troll/block']);
    expect(invalidated(qc, blockKeys.mine)).toBe(true);
    expect(invalidated(qc, profileKeys.profile('troll'))).toBe(true);
    expect(invalidated(qc, answerKeys.ofProfile('friend'))).toBe(true);
    // asking for them again would be refused (403)
    expect(invalidated(qc, answerKeys.ofProfile('troll'))).toBe(false);
  });

  it('an unblock leaves the blocked list at once, and the answers come back', async () => {
    const qc = clientWith(true);
    const server = fakeServer((method) => ({ body: { blockedByViewer: method === 'POST' } }));
    const done = createToggleQueue(blockToggle(qc)).set('troll', false);
    expect(blockedOnProfile(qc)).toBe(false);
    expect(qc.getQueryData<UserList>(blockKeys.mine)!.items).toEqual([]);
    await server.answerNext();
    await done;
    expect(server.calls).toEqual(['DELETE /api/users/troll/block']);
    expect(invalidated(qc, answerKeys.ofProfile('troll'))).toBe(true);
  });

  it('a failed block goes back to the profile as it was', async () => {
    const qc = clientWith(false);
    const server = fakeServer(() => ({ status: 500, body: { error: { code: 'internal', message: 'Something went wrong' } } }));
    const done = createToggleQueue(blockToggle(qc)).set('troll', true);
    const failed = expect(done).rejects.toThrow('Something went wrong');
    expect(blockedOnProfile(qc)).toBe(true);
    await server.answerNext();
    await failed;
    expect(blockedOnProfile(qc)).toBe(false);
    expect(invalidated(qc, blockKeys.mine)).toBe(true);
  });
});
