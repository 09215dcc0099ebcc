import type { PublicUser } from '@confab/shared';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { endSession, useAuthStore } from './auth-store';

export interface UseAuth {
  user: PublicUser | null;
  isAuthenticated: boolean;
  /** True until the silent refresh on start has answered. */
  isLoading: boolean;
  /** Ends the session, clears cached server state and goes to /login. */
  logout(): Promise<void>;
}

export function useAuth(): UseAuth {
  const user = useAuthStore((s) => s.user);
  const status = useAuthStore((s) => s.status);
  const navigate = useNavigate();
  const logout = useCallback(async () => {
    await endSession();
    queryClient.clear();
    await navigate('/login', { replace: true });
  }, [navigate]);
  return { user, isAuthenticated: status === 'authenticated', isLoading: status === 'loading', logout };
}
