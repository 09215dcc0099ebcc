import { useAuthStore } from '../auth/auth-store';
import { AppLayout } from '../layout/app-layout';
import { NotFoundPage } from './not-found-page';

/**
 * Every path the route table does not know. Signed in, the page sits in the app's frame, the
 * sidebar still there to go elsewhere; signed out, it stands alone (its button leads to sign-in).
 */
export function NotFoundRoute() {
  const status = useAuthStore((s) => s.status);
  if (status === 'unauthenticated') return <NotFoundPage isStandalone />;
  return (
    <AppLayout>
      <NotFoundPage />
    </AppLayout>
  );
}
