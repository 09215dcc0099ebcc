import { useTranslation } from 'react-i18next';
import { Outlet, useMatch } from 'react-router';
import { PanelSpinner } from '../../components/ui/panel-spinner';
import { cn } from '../../lib/cn';
import { NotFoundPage } from '../errors/not-found-page';
import { HeaderSlot } from '../layout/header-slot';
import { usePromptPermissions } from './prompt-queries';
import { PromptListPane } from './prompt-list-pane';

/**
 * /d/prompts (LibreChat's path): the prompts library. On a wide screen the list and the open
 * prompt sit side by side; on a phone the list is one screen and a prompt another. Without
 * PROMPTS USE, or with interface.prompts off, there is no such page.
 */
export function PromptsLayout() {
  const { t } = useTranslation('prompts');
  const permissions = usePromptPermissions();
  const isIndex = useMatch('/d/prompts') !== null;

  if (!permissions.isKnown) return <PanelSpinner />;
  if (!permissions.canUse) return <NotFoundPage />;

  return (
    <div className="flex h-full min-h-0" data-testid="prompts-page">
      {/* On a phone a prompt fills the screen: the header names where it belongs (the list has its own title). */}
      {isIndex ? null : (
        <HeaderSlot>
          <span className="truncate px-1 text-[15px] font-semibold text-fg md:hidden">{t('title')}</span>
        </HeaderSlot>
      )}
      <aside
        className={cn(
          'min-h-0 w-full shrink-0 flex-col border-line md:flex md:w-[340px] md:border-r lg:w-[380px]',
          isIndex ? 'flex' : 'hidden',
        )}
        aria-label={t('list_label')}
      >
        <PromptListPane canCreate={permissions.canCreate} />
      </aside>
      <section
        className={cn('scrollbar-thin min-h-0 min-w-0 flex-1 overflow-y-auto', isIndex ? 'hidden md:block' : 'block')}
        data-testid="prompt-detail-pane"
      >
        <Outlet />
      </section>
    </div>
  );
}
