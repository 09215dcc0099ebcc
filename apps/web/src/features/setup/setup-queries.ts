import { useQuery, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { useAuthStore } from '../auth/auth-store';
import { chatKeys } from '../chat/api/chat-queries';
import { fetchAdminEndpoints, fetchLocalModels, fetchLocalServers, fetchSetupStatus } from './setup-api';

export const setupKeys = {
  status: ['admin', 'setup-status'] as const,
  endpoints: ['admin', 'endpoints'] as const,
  localServers: ['admin', 'local-servers'] as const,
  localModels: ['admin', 'local-models'] as const,
};

/** A refused or missing route (403, 404) is an answer, not a hiccup to retry. */
function retryUnlessClientError(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export function useIsAdmin(): boolean {
  return useAuthStore((s) => s.user?.role === 'ADMIN');
}

/** Whether anything can chat yet; asked by every signed-in user (the answer holds no secret). */
export function useSetupStatus() {
  const isSignedIn = useAuthStore((s) => s.status === 'authenticated');
  return useQuery({
    queryKey: setupKeys.status,
    queryFn: ({ signal }) => fetchSetupStatus(signal),
    enabled: isSignedIn,
    staleTime: 30_000,
    retry: retryUnlessClientError,
  });
}

export function useAdminEndpoints() {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: setupKeys.endpoints,
    queryFn: ({ signal }) => fetchAdminEndpoints(signal),
    enabled: isAdmin,
    retry: retryUnlessClientError,
  });
}

export function useLocalServers() {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: setupKeys.localServers,
    queryFn: ({ signal }) => fetchLocalServers(signal),
    enabled: isAdmin,
    retry: retryUnlessClientError,
  });
}

export function useLocalModels() {
  const isAdmin = useIsAdmin();
  return useQuery({
    queryKey: setupKeys.localModels,
    queryFn: ({ signal }) => fetchLocalModels(signal),
    enabled: isAdmin,
    retry: retryUnlessClientError,
  });
}

/**
 * After an endpoint changes: the Admin lists, the setup status, and the chat's endpoints and
 * models (the server applies the change at once, so the model selector shows it without a reload).
 */
export async function refreshEndpointQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: ['admin'] }),
    queryClient.invalidateQueries({ queryKey: chatKeys.endpoints }),
    queryClient.invalidateQueries({ queryKey: chatKeys.models }),
  ]);
}
