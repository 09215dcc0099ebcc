import { ShieldAlert } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button-variants';
import { useIsAdmin } from './setup-queries';

/** The Admin area's pages for administrators; anyone else is told plainly that they cannot open them. */
export function AdminOnly({ children }: { children: ReactNode }) {
  const { t } = useTranslation('setup');
  const isAdmin = useIsAdmin();
  if (isAdmin) return children;
  return (
    <div
      className="flex h-full flex-col items-center justify-center px-6 pb-[10vh] text-center"
      data-testid="admin-only"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-surface-tertiary">
        <ShieldAlert className="size-6 text-fg-secondary" aria-hidden />
      </span>
      <h1 className="mt-4 text-xl font-semibold tracking-tight text-fg">{t('admin_only_title')}</h1>
      <p className="mt-2 max-w-sm text-[15px] leading-relaxed text-fg-secondary">{t('admin_only_body')}</p>
      <Link to="/c/new" className={buttonClasses('outline', 'md', 'mt-6')}>
        {t('back_to_chat')}
      </Link>
    </div>
  );
}
