import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { MeResponse, Passkey, PasskeyList, PasskeyRegistrationStartInput } from '@askbox/common';
import { ApiError, api } from '../../api/client';
import { withPasswordChallenge } from '../challenge/api';
import { sessionKeys } from '../session/api';
import type { SecondFactorGuard } from '../twoFactor/api';

export const passkeyKeys = { list: ['passkeys'] as const };
type Options = { options: Record<string, unknown> };

/** The browser's WebAuthn steps, in a chunk of their own: loaded only when a passkey is used. */
const webauthn = () => import('@simplewebauthn/browser');

/** Whether this browser can use passkeys at all (the buttons are hidden otherwise). */
export const passkeysSupported = (): boolean => typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function';

/** Settings › Passkeys. */
export function usePasskeys() {
  return useQuery({ queryKey: passkeyKeys.list, queryFn: () => api.get<PasskeyList>('/api/me/passkeys') });
}

/** Adds a passkey: the password (and a fresh second factor), then the browser's own steps. */
export function useAddPasskey(guard: SecondFactorGuard) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ name, ...input }: PasskeyRegistrationStartInput & { name: string }) => {
      const { options } = await guard(() => withPasswordChallenge((body) => api.post<Options>('/api/me/passkeys/options', body), input));
      const { startRegistration } = await webauthn();
      const response = await startRegistration({ optionsJSON: options as unknown as Parameters<typeof startRegistration>[0]['optionsJSON'] });
      return api.post<Passkey>('/api/me/passkeys', { response, name });
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list }),
  });
}

export function useRemovePasskey(guard: SecondFactorGuard) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => guard(() => api.delete<void>(`/api/me/passkeys/${encodeURIComponent(id)}`)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: passkeyKeys.list }),
  });
}

/**
 * Signs in with a passkey: password-less, or (with the password step's token) as the second factor.
 * The browser's cancel is not an error worth showing: it gives `null`.
 */
export function usePasskeySignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (token: string | undefined): Promise<MeResponse | null> => {
      const { options } = await api.post<Options>('/api/auth/passkey/options', token ? { token } : {});
      const { startAuthentication } = await webauthn();
      let response;
      try {
        response = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
      } catch (error) {
        if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return null;
        throw new ApiError(401, 'passkey_not_recognised');
      }
      return withPasswordChallenge((body) => api.post<MeResponse>('/api/auth/passkey', body), { response, ...(token ? { token } : {}) });
    },
    onSuccess: (result) => {
      if (result) queryClient.setQueryData(sessionKeys.me, result.user);
    },
  });
}

/** 'Confirm it is you' with one of your passkeys: true once confirmed, false when the browser's request was cancelled. */
export function usePasskeyConfirm() {
  return useMutation({
    mutationFn: async (): Promise<boolean> => {
      const { options } = await api.post<Options>('/api/me/passkeys/confirm/options');
      const { startAuthentication } = await webauthn();
      let response;
      try {
        response = await startAuthentication({ optionsJSON: options as unknown as Parameters<typeof startAuthentication>[0]['optionsJSON'] });
      } catch (error) {
        if (error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return false;
        throw new ApiError(401, 'passkey_not_recognised');
      }
      await api.post<void>('/api/me/passkeys/confirm', { response });
      return true;
    },
  });
}
