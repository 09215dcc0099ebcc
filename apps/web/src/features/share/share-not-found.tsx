import { Link2Off } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button-variants';

/** SPEC 2: a missing share or failed call shows this page, with a link to the root labelled new chat. */
export function ShareNotFound() {
  const { t } = useTranslation('share');
  return (
    <div
      className="flex flex-1 flex-col items-center justify-center px-6 pb-[12vh] text-center"
      data-testid="share-not-found"
    >
      <span className="flex size-12 items-center justify-center rounded-full bg-surface-tertiary">
        <Link2Off className="size-6 text-fg-secondary" aria-hidden />
      </span>
      <h1 className="mt-4 text-xl font-semibold tracking-tight text-fg">{t('not_found_title')}</h1>
      <p className="mt-2 max-w-sm text-[15px] text-fg-secondary">{t('not_found_description')}</p>
      <Link to="/" className={buttonClasses('primary', 'md', 'mt-6')}>
        {t('new_chat')}
      </Link>
    </div>
  );
}
