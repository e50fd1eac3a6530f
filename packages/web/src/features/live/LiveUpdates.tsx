import { useEffect } from 'react';
import { useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import type { LiveEventType } from '@askbox/common';
import { feedKeys } from '../feed/api';
import { counterKeys, notificationKeys } from '../notifications/api';
import { profileKeys } from '../profiles/api';
import { usePushMaintenance } from '../push/api';
import { questionKeys } from '../questions/api';
import { sessionEnded } from '../session/api';
import { settingsKeys } from '../settings/api';
import { moderationKeys } from '../moderation/api';

/**
 * What each live event makes stale. The home feed list itself is never refetched by an event
 * (spec: only the 'New answers' pill changes until it is tapped), so 'answer' touches the
 * new-answers count only.
 */
const staleKeys: Record<LiveEventType, readonly QueryKey[]> = {
  question: [questionKeys.all, counterKeys.all, profileKeys.all],
  answer: [feedKeys.newCounts, profileKeys.all],
  notification: [notificationKeys.all, counterKeys.all, profileKeys.all],
  counters: [counterKeys.all],
  // admins' moderation queue (new or resolved reports)
  reports: [moderationKeys.all],
  // preferences changed on another device: language and theme follow (AccountLocale, AccountTheme)
  settings: [settingsKeys.all],
  resync: [questionKeys.all, feedKeys.newCounts, notificationKeys.all, counterKeys.all, profileKeys.all, moderationKeys.all, settingsKeys.all],
};

function invalidate(queryClient: QueryClient, type: LiveEventType) {
  for (const queryKey of staleKeys[type]) void queryClient.invalidateQueries({ queryKey });
}

/** After a refused or dropped stream the browser may give up: try again this often. */
const RETRY_MS = 5000;

/** Keeps the signed-in app live: one EventSource on /api/events while the shell is mounted. */
export function LiveUpdates() {
  const queryClient = useQueryClient();
  usePushMaintenance();

  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;

    const connect = () => {
      source = new EventSource('/api/events');
      for (const type of Object.keys(staleKeys) as LiveEventType[]) {
        source.addEventListener(type, () => invalidate(queryClient, type));
      }
      // Anything that happened before the stream was registered (between the first fetches and
      // now, or while disconnected) came without an event: refetch once the stream is open.
      // a suspended account's sessions end with a word first: the app signs out saying why
      source.addEventListener('suspended', () => sessionEnded(queryClient, 'suspended'));
      source.onopen = () => invalidate(queryClient, 'resync');
      source.onerror = () => {
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          // the server may have ended the session (it closes its streams): the badges' refetch then
          // answers 401, and the app signs out on screen (signOutWhenSessionEnds)
          invalidate(queryClient, 'counters');
          retry = setTimeout(connect, RETRY_MS);
        }
      };
    };
    connect();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [queryClient]);

  return null;
}
