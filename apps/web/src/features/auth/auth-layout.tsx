import { Navigate, Outlet, useLocation } from 'react-router';
import { FullPageSpinner } from '../../components/ui/full-page-spinner';
import { Logo } from '../../components/ui/logo';
import { Banner } from '../banner/banner';
import { useAppTitle } from '../config/use-document-title';
import { useStartupConfig } from '../config/use-startup-config';
import { PolicyLinks } from '../legal/policy-links';
import { useAuthStore } from './auth-store';

/** Frame of the sign-in pages: banner, logo, the page, policy links. Signed-in users go to /c/new. */
export function AuthLayout() {
  const status = useAuthStore((s) => s.status);
  const { data: config } = useStartupConfig();
  const appTitle = useAppTitle();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpinner />;
  // The link that confirms a new email address (issue 40) is opened by a signed-in user as well.
  const isEmailChangeLink = location.pathname === '/verify' && new URLSearchParams(location.search).get('change') === '1';
  if (status === 'authenticated' && !isEmailChangeLink) return <Navigate to="/c/new" replace />;
  return (
    <div className="flex min-h-dvh flex-col bg-surface">
      <Banner />
      <header className="flex items-center gap-2.5 px-5 pt-5 sm:px-7 sm:pt-6">
        <Logo className="size-7" />
        <span className="text-[17px] font-semibold tracking-tight text-fg">{appTitle}</span>
      </header>
      <main className="flex flex-1 items-start justify-center px-5 pt-[8vh] pb-10 sm:items-center sm:pt-0">
        <div className="w-full max-w-[380px]">
          <Outlet />
        </div>
      </main>
      <footer className="px-5 pb-6">
        <PolicyLinks config={config} />
      </footer>
    </div>
  );
}
