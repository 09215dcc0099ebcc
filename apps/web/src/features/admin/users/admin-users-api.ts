import type {
  AdminCredits,
  AdminCreditsResponse,
  AdminUser,
  AdminUsersPage,
  AdminUserTransactions,
  CreateAdminUser,
  CreateAdminUserResponse,
  Role,
} from '@confab/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiJson } from '../../../lib/api-client';

/** Admin → Users' calls (issue 40) and the queries the page reads them through. */

export const adminUsersKey = ['admin-users'] as const;
const userKey = (id: string) => [...adminUsersKey, 'user', id] as const;
const transactionsKey = (id: string) => [...adminUsersKey, 'transactions', id] as const;

export function useAdminUsers(search: string, page: number) {
  return useQuery({
    queryKey: [...adminUsersKey, 'list', search, page],
    queryFn: ({ signal }) => {
      const params = new URLSearchParams({ page: String(page) });
      if (search) params.set('search', search);
      return apiJson<AdminUsersPage>(`/api/admin/users?${params.toString()}`, { signal });
    },
    // The table keeps its rows while the next page or search loads, instead of flashing empty.
    placeholderData: keepPreviousData,
  });
}

/** The user as the server has them now; starts from the row the list showed. */
export function useAdminUser(initial: AdminUser) {
  return useQuery({
    queryKey: userKey(initial.id),
    queryFn: ({ signal }) => apiJson<AdminUser>(`/api/admin/users/${encodeURIComponent(initial.id)}`, { signal }),
    initialData: initial,
    staleTime: 0,
  });
}

export function useUserTransactions(id: string, isEnabled: boolean) {
  return useQuery({
    queryKey: transactionsKey(id),
    queryFn: ({ signal }) =>
      apiJson<AdminUserTransactions>(`/api/admin/users/${encodeURIComponent(id)}/transactions?limit=5`, { signal }),
    enabled: isEnabled,
  });
}

export type UserAction =
  | { type: 'role'; role: Role }
  | { type: 'ban'; durationMs: number; reason?: string }
  | { type: 'unban' }
  | { type: 'verify_email' }
  | { type: 'reset_two_factor' };

function runAction(id: string, action: UserAction): Promise<unknown> {
  const base = `/api/admin/users/${encodeURIComponent(id)}`;
  switch (action.type) {
    case 'role':
      return apiJson(`${base}/role`, { method: 'PATCH', json: { role: action.role } });
    case 'ban':
      return apiJson(`${base}/ban`, { method: 'POST', json: { durationMs: action.durationMs, reason: action.reason } });
    case 'unban':
      return apiJson(`${base}/ban`, { method: 'POST', json: { durationMs: 0 } });
    case 'verify_email':
      return apiJson(`${base}/verify-email`, { method: 'POST' });
    case 'reset_two_factor':
      return apiJson(`${base}/reset-two-factor`, { method: 'POST' });
  }
}

/** Every change refreshes the list and the user (the audit list too, for the next visit). */
function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminUsersKey }),
      queryClient.invalidateQueries({ queryKey: ['admin-audit'] }),
    ]);
}

export function useUserAction(id: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: (action: UserAction) => runAction(id, action), onSuccess: refresh });
}

export function useChangeCredits(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (change: AdminCredits) =>
      apiJson<AdminCreditsResponse>(`/api/admin/users/${encodeURIComponent(id)}/credits`, {
        method: 'POST',
        json: change,
      }),
    onSuccess: refresh,
  });
}

export function useDeleteUser(id: string) {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (confirmEmail: string) =>
      apiJson(`/api/admin/users/${encodeURIComponent(id)}`, { method: 'DELETE', json: { confirmEmail } }),
    onSuccess: refresh,
  });
}

export function useCreateUser() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: CreateAdminUser) =>
      apiJson<CreateAdminUserResponse>('/api/admin/users', { method: 'POST', json: input }),
    onSuccess: refresh,
  });
}
