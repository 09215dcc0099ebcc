import { TIMING } from '@confab/shared';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { FullPageSpinner } from '../../components/ui/full-page-spinner';
import { useAuthStore } from './auth-store';

/** Renders its children for signed-in users; anyone else is sent to /login after 300 ms (SPEC 2). */
export function RequireAuth({ children }: { children: ReactNode }) {
  const status = useAuthStore((s) => s.status);
  const navigate = useNavigate();
  useEffect(() => {
    if (status !== 'unauthenticated') return;
    const timer = setTimeout(() => void navigate('/login', { replace: true }), TIMING.authRedirectDelayMs);
    return () => clearTimeout(timer);
  }, [status, navigate]);
  if (status !== 'authenticated') return <FullPageSpinner />;
  return children;
}
