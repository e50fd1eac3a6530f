import { describe, expect, it } from 'vitest';
import { QueryClient, QueryObserver, type QueryKey } from '@tanstack/react-query';
import { liveEventTypes } from '@askbox/common';
import { feedKeys } from '../feed/api';
import { friendKeys } from '../friends/api';
import { counterKeys, notificationKeys } from '../notifications/api';
import { profileKeys } from '../profiles/api';
import { questionKeys } from '../questions/api';
import { markStale, staleAfter } from '../../api/staleAfter';

/** A cache holding one entry under each of these keys, all fresh. */
function cacheWith(keys: QueryKey[]) {
  const queryClient = new QueryClient();
  for (const key of keys) queryClient.setQueryData(key, { seeded: true });
  return queryClient;
}
const stale = (queryClient: QueryClient, key: QueryKey) => queryClient.getQueryState(key)!.isInvalidated;

describe('staleAfter: what each change makes stale', () => {
  it('has an entry for every live event type the server sends', () => {
    for (const type of liveEventTypes) expect(staleAfter[type].length).toBeGreaterThan(0);
  });

  it("marks stale the feature keys built on the same roots (the viewer's answer: inbox, badges, profile)", () => {
    const feedList = feedKeys.list('2026-01-01T00:00:00.000Z');
    const keys = [questionKeys.inbox, counterKeys.all, profileKeys.profile('ana'), feedList, notificationKeys.activity];
    const queryClient = cacheWith(keys);
    markStale(queryClient, 'answered');
    expect(keys.map((key) => stale(queryClient, key))).toEqual([true, true, true, false, false]);
  });

  it("a live 'answer' touches the new-answers count, never the home feed list", () => {
    const feedList = feedKeys.list('2026-01-01T00:00:00.000Z');
    const queryClient = cacheWith([feedList, feedKeys.newCount('2026-01-01T00:00:00.000Z')]);
    markStale(queryClient, 'answer');
    expect(stale(queryClient, feedList)).toBe(false);
    expect(stale(queryClient, feedKeys.newCount('2026-01-01T00:00:00.000Z'))).toBe(true);
  });

  it('a follow refetches the searches on screen; the recommendations on screen stay until the next visit', async () => {
    const queryClient = cacheWith([friendKeys.search('an'), friendKeys.recommended]);
    const fetches: string[] = [];
    const watch = (key: QueryKey, name: string) =>
      new QueryObserver(queryClient, { queryKey: key, queryFn: () => fetches.push(name), staleTime: Infinity }).subscribe(() => undefined);
    const stops = [watch(friendKeys.search('an'), 'search'), watch(friendKeys.recommended, 'recommended')];
    markStale(queryClient, 'followed');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(fetches).toEqual(['search']);
    expect(stale(queryClient, friendKeys.recommended)).toBe(true);
    for (const stop of stops) stop();
  });
});
