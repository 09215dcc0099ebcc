import { QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

/** Listeners told about a 401 that survived the refresh-and-retry of apiFetch (SPEC 4). */
const authErrorListeners = new Set<(error: ApiError) => void>();

export function onQueryAuthError(listener: (error: ApiError) => void): () => void {
  authErrorListeners.add(listener);
  return () => authErrorListeners.delete(listener);
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // Client errors will not change on a retry; network and server errors get one more try.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

export const queryClient = new QueryClient({
  queryCache: new QueryCache({
    onError: (error) => {
      if (error instanceof ApiError && error.status === 401) authErrorListeners.forEach((listener) => listener(error));
    },
  }),
  defaultOptions: {
    queries: { retry: shouldRetry, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
