import type { PublicUser } from '@confab/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { setMemoryPreferences } from './memories-api';

/**
 * GET /api/user: LibreChat's user carries the memory switch (`personalization.memories`); the
 * user the session refresh answers does not, so the switch reads it from here.
 */
const userQueryKey = ['user'] as const;

/** A server or user without the field has memory on. */
export function isMemoryOptedIn(user: Pick<PublicUser, 'personalization'> | undefined): boolean {
  return user?.personalization?.memories !== false;
}

function applyToUser(memories: boolean): void {
  queryClient.setQueryData<PublicUser>(userQueryKey, (user) =>
    user ? { ...user, personalization: { memories } } : user,
  );
}

/** The user's "Use memory" switch: flips at once, and back when the server refuses. */
export function useMemoryOptIn() {
  const user = useQuery({
    queryKey: userQueryKey,
    queryFn: ({ signal }) => apiJson<PublicUser>('/api/user', { signal }),
  });
  const mutation = useMutation({
    mutationFn: setMemoryPreferences,
    onMutate: async (next) => {
      await queryClient.cancelQueries({ queryKey: userQueryKey });
      const before = isMemoryOptedIn(queryClient.getQueryData<PublicUser>(userQueryKey));
      applyToUser(next);
      return { before };
    },
    onSuccess: (preferences) => applyToUser(preferences.memories),
    onError: (_error, _next, context) => {
      if (context) applyToUser(context.before);
    },
  });
  return { isOn: isMemoryOptedIn(user.data), isKnown: user.isSuccess, setOn: mutation.mutate };
}
