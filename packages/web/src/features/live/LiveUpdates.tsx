import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { liveEventTypes } from '@askbox/common';
import { markStale } from '../../api/staleAfter';
import { usePushMaintenance } from '../push/api';

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
      // what each event makes stale: api/staleAfter.ts
      for (const type of liveEventTypes) source.addEventListener(type, () => markStale(queryClient, type));
      // Anything that happened before the stream was registered (between the first fetches and
      // now, or while disconnected) came without an event: refetch once the stream is open.
      source.onopen = () => markStale(queryClient, 'resync');
      source.onerror = () => {
        if (source?.readyState === EventSource.CLOSED && !stopped) {
          source.close();
          // the server may have ended the session (it closes its streams): the badges' refetch then
          // answers 401, and the app signs out on screen (signOutWhenSessionEnds)
          markStale(queryClient, 'counters');
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
