import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecoveryCodes, TwoFactorCodeInput, TwoFactorSecret, TwoFactorSetupInput, TwoFactorStatus } from '@askbox/common';
import { api } from '../../api/client';
import { withPasswordChallenge } from '../challenge/api';

export const twoFactorKeys = { status: ['two-factor'] as const };

/** Settings › Two-factor sign-in: on or off, and the recovery codes left. */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: twoFactorKeys.status, queryFn: () => api.get<TwoFactorStatus>('/api/me/two-factor') });
}

/** Turning it on, first step: the password, then a new secret to scan. */
export function useStartTwoFactorSetup() {
  return useMutation({
    mutationFn: (input: TwoFactorSetupInput) => withPasswordChallenge((body) => api.post<TwoFactorSecret>('/api/me/two-factor/setup', body), input),
  });
}

/** Turning it on, second step: a first code; the ten recovery codes come back, shown once. */
export function useEnableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: TwoFactorCodeInput) => api.post<RecoveryCodes>('/api/me/two-factor/enable', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

/** Proves the second factor again before a sensitive change (SecondFactorGate). */
export const confirmSecondFactor = (input: TwoFactorCodeInput) => withPasswordChallenge((body) => api.post<void>('/api/me/two-factor/confirm', body), input);

/** Sends a request that may need a fresh second factor, asking for a code first when the server says so (SecondFactorGate). */
export type SecondFactorGuard = <T>(send: () => Promise<T>) => Promise<T>;

/** Ten new recovery codes (after a fresh second factor). */
export function useRenewRecoveryCodes(guard: SecondFactorGuard) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => guard(() => api.post<RecoveryCodes>('/api/me/two-factor/recovery-codes')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}

/** Turning it off (after a fresh second factor). */
export function useDisableTwoFactor(guard: SecondFactorGuard) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => guard(() => api.delete<void>('/api/me/two-factor')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: twoFactorKeys.status }),
  });
}
