import { Menu, PanelLeftOpen } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { IconButton } from '../../components/ui/icon-button';
import { Logo } from '../../components/ui/logo';
import { useAppTitle } from '../config/use-document-title';
import { HeaderMoreMenu } from './header-more-menu';
import { NewChatLink } from './new-chat-link';
import { useNavVisible } from './use-nav-visible';
import { useSmallScreen } from './use-small-screen';

/**
 * The bar above the page: sidebar controls when the sidebar is hidden, then the `start` slot
 * (model selector) and the `end` slot. On small screens it is the mobile header: toggle,
 * title (when the start slot is empty), the "⋯" menu that holds the page's header actions
 * there (HeaderMenuSlot), new chat.
 */
export function AppHeader({ onStartSlot, onEndSlot }: { onStartSlot: (el: HTMLElement | null) => void; onEndSlot: (el: HTMLElement | null) => void }) {
  const { t } = useTranslation('nav');
  const appTitle = useAppTitle();
  const isSmall = useSmallScreen();
  const isVisible = useNavVisible((s) => s.isNavVisible);
  const setNavVisible = useNavVisible((s) => s.setNavVisible);
  const showControls = isSmall || !isVisible;

  return (
    <header className="sticky top-0 z-20 flex h-14 shrink-0 items-center gap-1 bg-surface/95 px-2 backdrop-blur sm:px-3" data-testid="app-header">
      {showControls ? (
        <div className="flex items-center gap-0.5" data-testid="header-sidebar-controls">
          <IconButton label={t('open_sidebar')} onClick={() => setNavVisible(true)} className="text-fg-secondary hover:text-fg" data-testid="open-sidebar">
            {isSmall ? <Menu /> : <PanelLeftOpen />}
          </IconButton>
          {isSmall ? null : <NewChatLink variant="icon" />}
          {isSmall ? null : <Logo className="mx-1.5 size-6" />}
        </div>
      ) : null}
      <div className="flex min-w-0 flex-1 items-center gap-2">
        <div ref={onStartSlot} className="peer flex min-w-0 items-center gap-2 empty:hidden" />
        {isSmall ? <span className="hidden min-w-0 flex-1 truncate text-center text-[15px] font-medium text-fg peer-empty:block">{appTitle}</span> : null}
      </div>
      <div ref={onEndSlot} className="flex items-center gap-1 empty:hidden" />
      {isSmall ? <HeaderMoreMenu /> : null}
      {isSmall ? <NewChatLink variant="icon" /> : null}
    </header>
  );
}
