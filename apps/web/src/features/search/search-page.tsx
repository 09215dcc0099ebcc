import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * /search: the pseudo-route shown while the sidebar search box has text. The search feature
 * fills in the results; until then it explains where to type.
 */
export function SearchPage() {
  const { t } = useTranslation('common');
  const [params] = useSearchParams();
  const query = params.get('q')?.trim();
  return (
    <div className="flex h-full flex-col items-center justify-center px-6 pb-[10vh] text-center" data-testid="search-page">
      <span className="flex size-12 items-center justify-center rounded-full bg-surface-tertiary">
        <Search className="size-6 text-fg-secondary" aria-hidden />
      </span>
      <h1 className="mt-4 text-xl font-semibold tracking-tight text-fg">{query ? t('search_nothing_found') : t('search_title')}</h1>
      {query ? null : <p className="mt-2 max-w-sm text-[15px] text-fg-secondary">{t('search_placeholder_hint')}</p>}
    </div>
  );
}
