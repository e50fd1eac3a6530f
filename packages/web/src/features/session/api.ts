import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import {
  MAX_TEXT_LENGTH,
  type AppConfig,
  type LoginInput,
  type LoginResult,
  type Me,
  type MeResponse,
  type SecondFactorLoginInput,
  type SignupInput,
} from '@askbox/common';
import { ApiError, api } from '../../api/client';
import { queryRoots } from '../../api/queryRoots';
import { withPasswordChallenge } from '../challenge/api';

export const sessionKeys = {
  me: queryRoots.me,
  config: ['app-config'] as const,
};

/** The session's query: started by main.tsx before the first render, read by every screen through useMe. */
export const meQuery = {
  queryKey: sessionKeys.me,
  queryFn: async () => (await api.get<MeResponse>('/api/me')).user,
  staleTime: 60_000,
};

/** The signed-in user (null when signed out). Every screen reads it from this one cache entry. */
export function useMe() {
  return useQuery(meQuery);
}

/** The signed-in user where a protected route guarantees one. */
export function useViewer(): Me {
  const { data } = useMe();
  if (!data) throw new Error('useViewer outside a protected route');
  return data;
}

/** The instance's settings (text limit, federation, sign-ups…): they change only with a restart. */
export const appConfigQuery = { queryKey: sessionKeys.config, queryFn: () => api.get<AppConfig>('/api/config'), staleTime: Infinity };

export function useAppConfig() {
  return useQuery(appConfigQuery);
}

/** The longest question or answer on this instance: 300 (the spec's) until /api/config says otherwise. */
export function useMaxTextLength(): number {
  return useAppConfig().data?.maxTextLength ?? MAX_TEXT_LENGTH;
}

/** A session, or (REGISTRATIONS=approval) a sign-up waiting for an admin. */
export type SignupResult = MeResponse | { pending: true };

export function useSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SignupInput) => api.post<SignupResult>('/api/auth/signup', input),
    onSuccess: (result) => {
      if ('user' in result) queryClient.setQueryData(sessionKeys.me, result.user);
    },
  });
}

/**
 * The log-in: signed in, or (two-factor sign-in) the password was right and the code step comes
 * next with the token the server gave.
 */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    // after a few failed attempts the server also asks for a solved challenge: solved here, then the same log-in again
    mutationFn: (input: LoginInput) => withPasswordChallenge((body) => api.post<LoginResult>('/api/auth/login', body), input),
    onSuccess: (result) => {
      if ('user' in result) queryClient.setQueryData(sessionKeys.me, result.user);
    },
  });
}

/** The log-in's code step: a code from the authenticator app, or a recovery code, with the password step's token. */
export function useSecondFactorLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SecondFactorLoginInput) => withPasswordChallenge((body) => api.post<MeResponse>('/api/auth/login/two-factor', body), input),
    onSuccess: ({ user }) => queryClient.setQueryData(sessionKeys.me, user),
  });
}

/** Runs every registered before-logout step (e.g. removing this device's push subscription). */
const beforeLogoutSteps = new Set<() => Promise<void>>();
export function onBeforeLogout(step: () => Promise<void>): () => void {
  beforeLogoutSteps.add(step);
  return () => beforeLogoutSteps.delete(step);
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      for (const step of beforeLogoutSteps) await step().catch((error: unknown) => console.error(error));
      await api.post('/api/auth/logout');
    },
    // whatever the server said
    onSettled: () => forgetSession(queryClient),
  });
}

/**
 * Forgets everything about this user on this device: signed out on screen first (the guards leave
 * the protected screens), then the rest of the cache once those screens are gone, or a still-mounted
 * one (Settings' blocked users) asks for its data again: 401.
 */
export function forgetSession(queryClient: QueryClient): void {
  queryClient.setQueryData(sessionKeys.me, null);
  setTimeout(() => {
    queryClient.clear();
    queryClient.setQueryData(sessionKeys.me, null);
  }, 0);
}

/** Why the session ended, when the server said: `suspended` (the live stream tells), else unknown. */
export type SessionEndReason = 'ended' | 'suspended';
const sessionEndedListeners = new Set<(reason: SessionEndReason) => void>();
/** Hears when the server ended this browser's session while the app showed it signed in. */
export function onSessionEnded(listener: (reason: SessionEndReason) => void): () => void {
  sessionEndedListeners.add(listener);
  return () => sessionEndedListeners.delete(listener);
}

/**
 * A 401 while the app believes it is signed in means the server ended the session: a logout on
 * another device, a new password, an account suspended or deleted. The app signs out on screen
 * at once (instead of screens that each say 'You need to be logged in') and tells the user.
 */
/** Signs out on screen and tells the user, once: a later 401 of the same ending finds no session. */
export function sessionEnded(queryClient: QueryClient, reason: SessionEndReason): void {
  if (!queryClient.getQueryData(sessionKeys.me)) return;
  forgetSession(queryClient);
  for (const listener of sessionEndedListeners) listener(reason);
}

export function signOutWhenSessionEnds(queryClient: QueryClient): void {
  const check = (error: unknown) => {
    // only 'unauthorized' says the session is gone: a wrong second-factor code is a 401 too, and keeps it
    if (error instanceof ApiError && error.status === 401 && error.code === 'unauthorized') sessionEnded(queryClient, 'ended');
  };
  queryClient.getQueryCache().config.onError = check;
  queryClient.getMutationCache().config.onError = check;
}
