import { dehydrate, hydrate, onlineManager, type Query, type QueryClient } from '@tanstack/react-query';
import type { Me } from '@askbox/common';
import { sessionKeys } from '../session/api';

/**
 * The last feed, profiles and inbox kept on this device, so the app opened offline shows them
 * instead of a blank screen (decision 180). One user's cache at a time, under their id: it is
 * restored only when the app starts offline (online, every screen loads fresh as before), dropped
 * as soon as the session is gone (logout, or the server saying signed out) and replaced when
 * another account signs in. localStorage, because it is read synchronously before the first
 * render, so the restored screens never flash a spinner.
 */
const POINTER = 'askbox.offline.user';
const cacheKey = (userId: string) => `askbox.offline.cache.${userId}`;
/** Bumped when the shape of what is kept changes: an older cache is dropped, never misread. */
const FORMAT = 1;
/** A cache older than this is not worth showing. */
const MAX_AGE_MS = 14 * 86_400_000;
/** The cache is written at most this often while queries change. */
const SAVE_EVERY_MS = 1000;
/** Bigger than this (characters), it is not kept: localStorage holds ~5 MB per origin. */
const MAX_CHARS = 2_000_000;

interface Saved {
  format: number;
  savedAt: number;
  state: ReturnType<typeof dehydrate>;
}

/** The queries an offline open shows: the session, the home feed, profiles and their answers, the inbox. */
const KEPT_ROOTS = new Set(['me', 'feed', 'profile', 'questions']);
const kept = (query: Query) => query.state.status === 'success' && KEPT_ROOTS.has(String(query.queryKey[0])) && query.queryKey[1] !== 'new-count';

type DehydratedQuery = ReturnType<typeof dehydrate>['queries'][number];
/** How many queries are kept (profiles visited pile up): the most recently updated. */
const MAX_QUERIES = 60;
const isFeedList = (q: DehydratedQuery) => q.queryKey[0] === 'feed' && q.queryKey[1] === 'list';

/** One entry per query (the first wins: the live one), one home feed list (the newest), the most recent MAX_QUERIES. */
function prune(queries: DehydratedQuery[]): DehydratedQuery[] {
  const seen = new Set<string>();
  const unique = queries.filter((q) => !seen.has(q.queryHash) && seen.add(q.queryHash));
  const newestFeed = unique.filter(isFeedList).sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)[0];
  return unique
    .filter((q) => !isFeedList(q) || q === newestFeed)
    .filter((q) => Date.now() - q.state.dataUpdatedAt < MAX_AGE_MS)
    .sort((a, b) => b.state.dataUpdatedAt - a.state.dataUpdatedAt)
    .slice(0, MAX_QUERIES);
}

function read(userId: string): Saved | null {
  try {
    const saved = JSON.parse(localStorage.getItem(cacheKey(userId)) ?? 'null') as Saved | null;
    return saved && saved.format === FORMAT && Date.now() - saved.savedAt < MAX_AGE_MS ? saved : null;
  } catch {
    return null;
  }
}

function forget(): void {
  const userId = localStorage.getItem(POINTER);
  if (userId) localStorage.removeItem(cacheKey(userId));
  localStorage.removeItem(POINTER);
}

/**
 * Call once before the first render. Offline, the last signed-in user's cache is put back; then,
 * whatever the network, the cache is kept up to date from the live one.
 */
export function keepOfflineCache(client: QueryClient): void {
  // TanStack Query assumes it starts online and learns otherwise only from an 'offline' event,
  // which a page opened offline never gets: then it would fetch, fail and replace what is kept
  // with errors. Told now, queries wait for the network instead (and resume on 'online').
  onlineManager.setOnline(navigator.onLine);
  try {
    const userId = localStorage.getItem(POINTER);
    const saved = userId ? read(userId) : null;
    if (!navigator.onLine && saved) hydrate(client, saved.state);
  } catch {
    // storage refused (private mode, quota): the app works as without a cache
  }

  let timer: ReturnType<typeof setTimeout> | undefined;
  const save = () => {
    timer = undefined;
    try {
      const me = client.getQueryData<Me | null>(sessionKeys.me);
      if (!me) return;
      const owner = localStorage.getItem(POINTER);
      if (owner && owner !== me.id) forget();
      const state = dehydrate(client, { shouldDehydrateQuery: kept });
      // what earlier page loads kept (this one started empty when online) stays, the newest first
      const previous = owner === me.id ? read(me.id) : null;
      state.queries = prune([...state.queries, ...(previous?.state.queries ?? [])]);
      const text = JSON.stringify({ format: FORMAT, savedAt: Date.now(), state } satisfies Saved);
      if (text.length > MAX_CHARS) return;
      localStorage.setItem(POINTER, me.id);
      localStorage.setItem(cacheKey(me.id), text);
    } catch {
      // quota or private mode: keep what was saved before
    }
  };
  // leaving the page (a reload, closing the tab) must not lose what the timer was about to save
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    save();
  };
  window.addEventListener('pagehide', flush);
  document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && flush());
  client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' && event.type !== 'removed') return;
    // signed out (logout, an expired session): this device forgets that user's cache at once
    if (event.query.queryKey[0] === sessionKeys.me[0] && client.getQueryData(sessionKeys.me) === null) {
      clearTimeout(timer);
      timer = undefined;
      forget();
      return;
    }
    if (event.type === 'updated' && event.action.type === 'success' && kept(event.query)) timer ??= setTimeout(save, SAVE_EVERY_MS);
  });
}

/** The `asOf` of the newest home feed list in the cache (restored offline), so home shows it. */
export function cachedFeedAsOf(client: QueryClient): string | undefined {
  const lists = client.getQueryCache().findAll({ queryKey: ['feed', 'list'] });
  const asOfs = lists.map((q) => String(q.queryKey[2])).sort();
  return asOfs.at(-1);
}
