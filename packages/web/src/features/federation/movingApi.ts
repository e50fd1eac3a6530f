import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AccountMoving, MoveAccountInput } from '@askbox/common';
import { api } from '../../api/client';
import { withPasswordChallenge } from '../challenge/api';
import { profileKeys } from '../profiles/api';
import type { SecondFactorGuard } from '../twoFactor/api';

export const movingKeys = { moving: ['me', 'moving'] as const };

/** The old fediverse accounts this one names, and the one it moved to. */
export function useAccountMoving(enabled = true) {
  return useQuery({ queryKey: movingKeys.moving, queryFn: () => api.get<AccountMoving>('/api/me/moving'), enabled });
}

function useMovingMutation<Input>(send: (input: Input) => Promise<AccountMoving>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: send, onSuccess: (moving) => queryClient.setQueryData(movingKeys.moving, moving) });
}

/** "Moving from another account": names an old account (`@name@server`), looked up by the server. */
export const useAddAlias = () => useMovingMutation((handle: string) => api.post<AccountMoving>('/api/me/moving/aliases', { handle }));

export const useRemoveAlias = () => useMovingMutation((uri: string) => api.delete<AccountMoving>(`/api/me/moving/aliases?uri=${encodeURIComponent(uri)}`));

/** "Move to another account" (password, and a fresh second factor when two-factor sign-in wants one); the profile then says so. */
export function useMoveAccount(guard: SecondFactorGuard) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MoveAccountInput) => guard(() => withPasswordChallenge((body) => api.post<AccountMoving>('/api/me/moving/move', body), input)),
    onSuccess: (moving) => {
      queryClient.setQueryData(movingKeys.moving, moving);
      void queryClient.invalidateQueries({ queryKey: profileKeys.all });
    },
  });
}
