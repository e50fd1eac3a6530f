import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateInviteInput, InstanceSettings, Invite, PendingSignup } from '@askbox/common';
import { api } from '../../api/client';
import { queryRoots } from '../../api/queryRoots';
import { sessionKeys } from '../session/api';
import type { SecondFactorGuard } from '../twoFactor/api';

const instanceKeys = {
  settings: ['instance', 'settings'] as const,
  signups: ['instance', 'signups'] as const,
  invites: ['instance', 'invites'] as const,
};

/** The Instance screen's settings (admins). */
export function useInstanceSettings() {
  return useQuery({ queryKey: instanceKeys.settings, queryFn: () => api.get<InstanceSettings>('/api/admin/instance') });
}

export function useSaveInstanceSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: InstanceSettings) => api.put<InstanceSettings>('/api/admin/instance', settings),
    onSuccess: (saved) => {
      queryClient.setQueryData(instanceKeys.settings, saved);
      // the sign-up rules of /api/config follow the mode
      void queryClient.invalidateQueries({ queryKey: sessionKeys.config });
    },
  });
}

/** Sign-ups waiting for approval, oldest first (admins). */
export function usePendingSignups() {
  return useQuery({ queryKey: instanceKeys.signups, queryFn: async () => (await api.get<{ signups: PendingSignup[] }>('/api/admin/signups')).signups });
}

export function useDecideSignup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'reject' }) =>
      api.post<void>(`/api/admin/signups/${encodeURIComponent(id)}/${decision}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: instanceKeys.signups }),
  });
}

/** Your invite links, newest first. */
export function useInvites(enabled: boolean) {
  return useQuery({ queryKey: instanceKeys.invites, queryFn: async () => (await api.get<{ invites: Invite[] }>('/api/me/invites')).invites, enabled });
}

export function useCreateInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: CreateInviteInput) => api.post<Invite>('/api/me/invites', input),
    onSettled: () => queryClient.invalidateQueries({ queryKey: instanceKeys.invites }),
  });
}

export function useRevokeInvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.delete<void>(`/api/me/invites/${encodeURIComponent(code)}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: instanceKeys.invites }),
  });
}

/** EMAIL_VERIFICATION=on: the banner's 'Resend' and 'Change address'. */
export function useResendConfirmation() {
  return useMutation({ mutationFn: () => api.post<void>('/api/me/email-verification') });
}

/** A new address for the link; with two-factor sign-in, `guard` asks for a code first when the last one is old. */
export function useChangeUnconfirmedAddress(guard: SecondFactorGuard) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => guard(() => api.put<void>('/api/me/email-verification/address', { email })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.me }),
  });
}

/** The link from the email: signed in or not, it confirms the address it was sent to. */
export function useConfirmAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => api.post<void>('/api/auth/verify-email', { token }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryRoots.me }),
  });
}
