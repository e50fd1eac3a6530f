import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChangePasswordInput, ChangeUsernameInput, DeleteAccountInput, PasswordResetInput, PasswordResetRequestInput } from '@askbox/common';
import { api, errorFromResponse, networkError, parseBody } from '../../api/client';
import { forgetSession, sessionKeys } from '../session/api';
import { withPasswordChallenge } from '../challenge/api';
import type { SecondFactorGuard } from '../twoFactor/api';

/** Change username: the account, its profile and every list showing it read the new name. */
export function useChangeUsername() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeUsernameInput) => api.put<{ username: string }>('/api/me/username', input),
    onSuccess: () => void queryClient.invalidateQueries(),
  });
}

/**
 * Change password (current one required); the server ends the other sessions, this one stays.
 * `guard` asks for a code first when two-factor sign-in wants a fresh one (twoFactor/SecondFactorGate).
 */
export function useChangePassword(guard: SecondFactorGuard) {
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => guard(() => withPasswordChallenge((body) => api.post<void>('/api/me/password', body), input)),
  });
}

/** "Forgot password?": the answer is the same whether or not the address has an account. */
export function useRequestPasswordReset() {
  return useMutation({ mutationFn: (input: PasswordResetRequestInput) => api.post<{ ok: true }>('/api/auth/password-reset', input) });
}

/** Sets a new password with the token of a reset link; every session of the account ends. */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PasswordResetInput) => api.post<void>('/api/auth/password-reset/confirm', input),
    // if this browser was signed in to that account, its session just ended too
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.me }),
  });
}

/** Deletes the account for good (password required); this device forgets everything of it. */
export function useDeleteAccount(guard: SecondFactorGuard) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: DeleteAccountInput) => guard(() => withPasswordChallenge((body) => api.delete<void>('/api/me', body), input)),
    onSuccess: () => forgetSession(queryClient),
  });
}

/** The one-click unsubscribe of an email's link: works signed out, by the link's signed token. */
export function useUnsubscribe() {
  return useMutation({ mutationFn: (token: string) => api.post<{ emailNotifications: 'off' }>(`/api/email/unsubscribe?token=${encodeURIComponent(token)}`) });
}

/** The file name the server gives a download (Content-Disposition), or a fallback. */
function fileNameOf(response: Response, fallback: string): string {
  const match = /filename="([^"]+)"/.exec(response.headers.get('content-disposition') ?? '');
  return match?.[1] ?? fallback;
}

/**
 * "Export my data" and "Download my archive": fetches the file (so a failure can be shown) and
 * hands it to the browser as a download under the server's file name.
 */
export async function downloadFile(url: string, fallbackName: string): Promise<void> {
  let response: Response;
  try {
    response = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw networkError();
  }
  if (!response.ok) throw errorFromResponse(response.status, parseBody(await response.text()));
  const blob = await response.blob();
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = fileNameOf(response, fallbackName);
  document.body.append(link);
  link.click();
  link.remove();
  // the browser has taken the file; give the memory back a little later (Safari reads it asynchronously)
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function useExportData(guard: SecondFactorGuard) {
  return useMutation({ mutationFn: () => guard(() => downloadFile('/api/me/export', 'askbox-export.json')) });
}
