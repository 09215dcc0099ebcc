import { ArrowLeft, Compass } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button-variants';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../config/use-document-title';

/**
 * An address that is no page (SPEC 2): said plainly, with the way back to the chats as its one
 * action. It is not the crash page: nothing broke, so there is no stack or error log to offer.
 * Inside the signed-in shell it fills the chat area; `isStandalone` centres it on a bare page.
 */
export function NotFoundPage({ isStandalone = false }: { isStandalone?: boolean }) {
  const { t } = useTranslation('common');
  useDocumentTitle(t('error_not_found_title'));
  return (
    <div
      className={cn(
        'flex flex-col items-center justify-center px-6 text-center',
        isStandalone ? 'min-h-dvh bg-surface text-fg' : 'h-full pb-[10vh]',
      )}
      data-testid="not-found-page"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-surface-tertiary">
        <Compass className="size-7 text-fg-secondary" aria-hidden />
      </span>
      <p className="mt-5 text-xs font-semibold tracking-[0.14em] text-fg-tertiary uppercase">404</p>
      <h1 className="mt-1.5 text-2xl font-semibold tracking-tight text-fg">{t('error_not_found_title')}</h1>
      <p className="mt-2 max-w-sm text-[15px] leading-relaxed text-fg-secondary">{t('error_not_found_description')}</p>
      <Link to="/c/new" className={buttonClasses('primary', 'md', 'mt-7')} data-testid="not-found-back">
        <ArrowLeft className="size-4 rtl:-scale-x-100" aria-hidden />
        {t('back_to_chats')}
      </Link>
    </div>
  );
}
