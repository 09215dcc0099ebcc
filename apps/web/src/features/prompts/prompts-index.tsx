import { Plus, SquareSlash } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '../../components/ui/button-variants';
import { useDocumentTitle } from '../config/use-document-title';
import { usePromptPermissions } from './prompt-queries';

/** /d/prompts on a wide screen, beside the list, before a prompt is opened. */
export function PromptsIndex() {
  const { t } = useTranslation('prompts');
  const { canCreate } = usePromptPermissions();
  useDocumentTitle(t('title'));
  return (
    <div
      className="flex h-full flex-col items-center justify-center px-6 pb-[10vh] text-center"
      data-testid="prompts-index"
    >
      <span className="flex size-14 items-center justify-center rounded-2xl bg-surface-tertiary text-fg-secondary">
        <SquareSlash className="size-7" aria-hidden />
      </span>
      <h2 className="mt-5 text-lg font-semibold tracking-tight text-fg">{t('index_title')}</h2>
      <p className="mt-1.5 max-w-sm text-sm leading-relaxed text-fg-secondary">{t('index_body')}</p>
      {canCreate ? (
        <Link to="/d/prompts/new" className={buttonClasses('primary', 'md', 'mt-6')}>
          <Plus className="size-4" aria-hidden />
          {t('new')}
        </Link>
      ) : null}
    </div>
  );
}
