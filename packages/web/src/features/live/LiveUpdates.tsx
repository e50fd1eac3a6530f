import { useEffect } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { LiveEventType } from '@askbox/common';
import { usePushMaintenance } from '../push/usePushMaintenance';

/**
 * What each live event makes stale. The home feed list itself is never refetched by an event
 * (spec: only the 'New answers' pill changes until it is tapped), so 'answer' touches
 * ['feed', 'new-count'] only.
 */
const staleKeys: Record<LiveEventType, readonly (readonly string[])[]> = {
  question: [['questions'], ['counters'], ['profile']],
  answer: [['feed', 'new-count'], ['profile']],
  notification: [['notifications'], ['counters'], ['profile']],
  counters: [['counters']],
  resync: [['questions'], ['feed', 'new-count'], ['notifications'], ['counters'], ['profile']],
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
      source.onopen = () => invalidate(queryClient, 'resync');
      source.onerror = () => {
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
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
