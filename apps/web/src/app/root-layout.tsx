import { useEffect } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { useAuthStore } from '../features/auth/auth-store';
import { useDocumentTitleWriter } from '../features/config/use-document-title';
import { useHealthCheck } from '../features/health/use-health-check';
import { LiveAnnouncer } from '../features/theme/live-announcer';
import { useSystemThemeSync } from '../features/theme/use-system-theme-sync';
import { useThemeHotkey } from '../features/theme/use-theme-hotkey';
import { setUnauthorizedHandler } from '../lib/api-client';
import { onQueryAuthError } from '../lib/query-client';
import { useTagManager } from '../lib/tag-manager';

/** The top route: app-wide effects (title, theme, auth failures, health check, analytics) around every page. */
export function RootLayout() {
  const navigate = useNavigate();
  useDocumentTitleWriter();
  useThemeHotkey();
  useSystemThemeSync();
  useHealthCheck();
  useTagManager();

  useEffect(() => {
    // A refresh that failed inside apiFetch: drop the session and go to /login in-app.
    setUnauthorizedHandler(() => {
      useAuthStore.getState().clearSession();
      if (window.location.pathname !== '/login') void navigate('/login', { replace: true });
    });
    const stopListening = onQueryAuthError(() => useAuthStore.getState().markAuthError());
    return () => {
      setUnauthorizedHandler(null);
      stopListening();
    };
  }, [navigate]);

  return (
    <>
      <Outlet />
      <LiveAnnouncer />
    </>
  );
}
