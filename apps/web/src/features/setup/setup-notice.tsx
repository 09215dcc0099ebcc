import { PlugZap } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useAuthStore } from '../auth/auth-store';
import { hasSkippedSetup } from './setup-skip';
import { useIsAdmin, useSetupStatus } from './setup-queries';

/** Once per page load: an administrator who left /setup without skipping is not bounced back on every chat. */
let hasRedirectedThisLoad = false;

/**
 * Above the chat input while nothing can chat: the administrator is sent to /setup once (unless
 * they chose "Skip for now"), then told where to connect a provider; anyone else is told that an
 * administrator must.
 */
export function SetupNotice() {
  const { t } = useTranslation('setup');
  const navigate = useNavigate();
  const isAdmin = useIsAdmin();
  const userId = useAuthStore((s) => s.user?.id);
  const { data } = useSetupStatus();
  const needsSetup = data?.needsSetup === true;
  const shouldRedirect = needsSetup && isAdmin && !!userId && !hasRedirectedThisLoad && !hasSkippedSetup(userId);

  useEffect(() => {
    if (!shouldRedirect) return;
    hasRedirectedThisLoad = true;
    void navigate('/setup', { replace: true });
  }, [shouldRedirect, navigate]);

  if (!needsSetup || shouldRedirect) return null;
  return (
    <div
      role="status"
      className="mb-2 flex items-start gap-2.5 rounded-xl border border-line bg-surface-tertiary px-3.5 py-3 text-sm text-fg"
      data-testid="setup-needed-notice"
    >
      <PlugZap className="mt-0.5 size-4 shrink-0 text-fg-secondary" aria-hidden />
      <p className="min-w-0">
        {isAdmin ? (
          <>
            {t('notice_admin')}{' '}
            <Link
              to="/setup"
              className="focus-ring rounded-sm font-medium text-accent underline-offset-4 hover:underline"
            >
              {t('notice_admin_link')}
            </Link>
          </>
        ) : (
          t('notice_user')
        )}
      </p>
    </div>
  );
}
