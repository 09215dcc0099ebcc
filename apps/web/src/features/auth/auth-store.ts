import type { AuthResponse, PublicUser } from '@confab/shared';
import { create } from 'zustand';
import { trackLater } from '../../lib/track-later';
import { apiFetch, refreshSession, setAccessToken, setSessionListener } from '../../lib/api-client';

export type AuthStatus = 'loading' | 'authenticated' | 'unauthenticated';

interface AuthState {
  user: PublicUser | null;
  status: AuthStatus;
  /** Set when a query still got a 401 after the refresh-and-retry. */
  hasAuthError: boolean;
  setSession(session: AuthResponse): void;
  clearSession(): void;
  setUser(user: PublicUser): void;
  markAuthError(): void;
}

export const useAuthStore = create<AuthState>()((set) => ({
  user: null,
  status: 'loading',
  hasAuthError: false,
  setSession: (session) => {
    setAccessToken(session.token);
    set({ user: session.user, status: 'authenticated', hasAuthError: false });
    // Every explicit sign-in (password, second factor, passkey, registration) comes through here;
    // the silent refresh does not.
    trackLater('sign_in');
  },
  clearSession: () => {
    setAccessToken(null);
    set({ user: null, status: 'unauthenticated' });
  },
  setUser: (user) => set({ user }),
  markAuthError: () => set({ hasAuthError: true }),
}));

// Every refresh (the start-up one and the ones apiFetch makes on a 401) updates the user.
setSessionListener((session) => {
  if (session) useAuthStore.setState({ user: session.user, status: 'authenticated', hasAuthError: false });
  else useAuthStore.setState({ user: null, status: 'unauthenticated' });
});

let started: Promise<void> | null = null;

/** The silent refresh on app start (SPEC 4): a response without a token means signed out. */
export function startSession(): Promise<void> {
  started ??= refreshSession().then(() => undefined);
  return started;
}

export const LOGOUT_EVENT = 'confab:logout';

/** Ends the session on the server and clears local state; features listen to LOGOUT_EVENT to clean up. */
export async function endSession(): Promise<void> {
  try {
    await apiFetch('/api/auth/logout', { method: 'POST' });
  } catch (err) {
    console.warn('[auth] logout call failed', err);
  }
  useAuthStore.getState().clearSession();
  if (typeof window !== 'undefined') window.dispatchEvent(new Event(LOGOUT_EVENT));
}
