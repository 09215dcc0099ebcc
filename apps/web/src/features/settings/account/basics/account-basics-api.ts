import type {
  AccountSessionsResponse,
  ChangeEmailInput,
  ChangeEmailResponse,
  ChangePasswordInput,
  PendingEmailResponse,
  PublicUser,
  UpdateProfileInput,
} from '@confab/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../../lib/api-client';
import { useAuthStore } from '../../../auth/auth-store';

/** Settings → Account's calls (issue 40): password, profile, email change and signed-in devices. */
const SESSIONS_KEY = ['account', 'sessions'] as const;
const PENDING_EMAIL_KEY = ['account', 'pending-email'] as const;

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangePasswordInput) => apiJson<{ message: string }>('/api/user/password', { method: 'POST', json: input }),
    // Every other device was signed out.
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useUpdateProfile() {
  const setUser = useAuthStore((s) => s.setUser);
  return useMutation({
    mutationFn: (input: UpdateProfileInput) => apiJson<PublicUser>('/api/user/profile', { method: 'PATCH', json: input }),
    onSuccess: (user) => setUser(user),
  });
}

export function usePendingEmail() {
  return useQuery({
    queryKey: PENDING_EMAIL_KEY,
    queryFn: ({ signal }) => apiJson<PendingEmailResponse>('/api/user/email', { signal }),
  });
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ChangeEmailInput) => apiJson<ChangeEmailResponse>('/api/user/email', { method: 'POST', json: input }),
    onSuccess: async (answer) => {
      queryClient.setQueryData(PENDING_EMAIL_KEY, { pendingEmail: answer.pendingEmail });
      // Applied at once (no mail server): the user now has the new address.
      if (answer.applied) useAuthStore.getState().setUser(await apiJson<PublicUser>('/api/user'));
    },
  });
}

export function useCancelEmailChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<PendingEmailResponse>('/api/user/email', { method: 'DELETE' }),
    onSuccess: (answer) => queryClient.setQueryData(PENDING_EMAIL_KEY, answer),
  });
}

export function useAccountSessions() {
  return useQuery({
    queryKey: SESSIONS_KEY,
    queryFn: ({ signal }) => apiJson<AccountSessionsResponse>('/api/user/sessions', { signal }),
    select: (data) => data.sessions,
  });
}

export function useEndSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (sessionId: string) =>
      apiJson<{ message: string }>(`/api/user/sessions/${encodeURIComponent(sessionId)}`, { method: 'DELETE' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

export function useEndOtherSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiJson<{ message: string }>('/api/user/sessions/revoke-others', { method: 'POST' }),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: SESSIONS_KEY }),
  });
}

/** POST /api/user/email/verify: the mailed link, opened signed in or not. */
export function postConfirmEmailChange(token: string) {
  return apiJson<{ message: string; email: string }>('/api/user/email/verify', { method: 'POST', json: { token } });
}
