import { useCallback, useEffect, useRef } from 'react';
import type { ChallengePurpose } from '@askbox/common';
import { ApiError, api } from '../../api/client';

/** Asks the server for a challenge and solves it; the solver is its own chunk, loaded only here. */
export async function solvedChallenge(purpose: ChallengePurpose): Promise<string> {
  const [{ challenge }, { solve }] = await Promise.all([
    api.get<{ challenge: Parameters<typeof import('./solver').solve>[0] }>(`/api/challenge?purpose=${purpose}`),
    import('./solver'),
  ]);
  return solve(challenge);
}

/**
 * A proof-of-work challenge solved in the background while the person fills in the form, so the
 * form needs no extra click (decision 282). `take()` gives the solution (waiting for it if the form
 * was quicker) and starts the next one: a solution is accepted once. Nothing when `enabled` is false.
 */
export function useBackgroundChallenge(purpose: ChallengePurpose, enabled: boolean): () => Promise<string | undefined> {
  const pending = useRef<Promise<string> | null>(null);
  const start = useCallback(() => {
    const next = solvedChallenge(purpose);
    // a failure is seen when the form takes it (and then asks again)
    next.catch(() => undefined);
    pending.current = next;
  }, [purpose]);

  useEffect(() => {
    if (enabled && !pending.current) start();
  }, [enabled, start]);

  return useCallback(async () => {
    if (!enabled) return undefined;
    const current = pending.current ?? solvedChallenge(purpose);
    pending.current = null;
    try {
      return await current;
    } catch {
      // the challenge expired or the network blinked: one fresh try while the person waits
      return await solvedChallenge(purpose);
    } finally {
      start();
    }
  }, [enabled, purpose, start]);
}

/**
 * Sends a form that checks a password (log-in, appeal, password change, account deletion): after a
 * few failed attempts to that address the server asks for a solved log-in challenge too, which is
 * solved here, and the same form is sent again with it.
 */
export async function withPasswordChallenge<T, Input extends object>(send: (input: Input & { challenge?: string }) => Promise<T>, input: Input): Promise<T> {
  try {
    return await send(input);
  } catch (error) {
    if (!(error instanceof ApiError && error.code === 'challenge_required')) throw error;
    return send({ ...input, challenge: await solvedChallenge('login') });
  }
}
