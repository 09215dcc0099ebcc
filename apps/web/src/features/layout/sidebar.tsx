import { LAYOUT } from '@confab/shared';
import { PanelLeftClose } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconButton } from '../../components/ui/icon-button';
import { Logo } from '../../components/ui/logo';
import { cn } from '../../lib/cn';
import { useAppTitle } from '../config/use-document-title';
import { PromptsSidebarSection } from '../prompts/prompts-sidebar-section';
import { isDrawerEscape } from './drawer-escape';
import { NewChatLink } from './new-chat-link';
import { useNavVisible } from './use-nav-visible';
import { useSmallScreen } from './use-small-screen';
import { UserMenu } from './user-menu';

/**
 * The left navigation frame (SPEC 2): 260 px beside the content on wide screens, a 320 px
 * drawer over a mask on small ones. `children` is the conversation area.
 */
export function Sidebar({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('nav');
  const appTitle = useAppTitle();
  const isSmall = useSmallScreen();
  const isVisible = useNavVisible((s) => s.isNavVisible);
  const setNavVisible = useNavVisible((s) => s.setNavVisible);
  const width = isSmall ? LAYOUT.sidebarWidthMobilePx : LAYOUT.sidebarWidthPx;
  const closeOnSmall = () => isSmall && setNavVisible(false);

  // The drawer on small screens closes with Escape, like any overlay, unless a dialog or menu
  // opened from it takes that Escape (see isDrawerEscape).
  useEffect(() => {
    if (!isSmall || !isVisible) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (isDrawerEscape(event)) setNavVisible(false);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [isSmall, isVisible, setNavVisible]);

  return (
    <>
      {isSmall && isVisible ? (
        <div className="fixed inset-0 z-40 bg-overlay animate-fade-in" onClick={() => setNavVisible(false)} aria-hidden data-testid="mobile-mask" />
      ) : null}
      <div
        className={cn(
          'h-full shrink-0 overflow-hidden transition-[width,transform] duration-200 ease-out',
          isSmall ? 'fixed inset-y-0 left-0 z-50 max-w-[85vw]' : 'relative',
          isSmall && !isVisible && '-translate-x-full',
        )}
        style={{ width: isSmall ? width : isVisible ? width : 0 }}
        inert={!isVisible}
        data-testid="sidebar"
        data-state={isVisible ? 'open' : 'closed'}
      >
        <nav aria-label={t('sidebar')} className="flex h-full flex-col bg-surface-secondary" style={{ width: isSmall ? '100%' : width }}>
          <div className="flex h-14 shrink-0 items-center justify-between px-3">
            <Link to="/c/new" onClick={closeOnSmall} className="focus-ring flex min-w-0 items-center gap-2 rounded-lg px-1.5 py-1">
              <Logo className="size-7" />
              <span className="truncate text-[15px] font-semibold tracking-tight text-fg">{appTitle}</span>
            </Link>
            <IconButton label={t('close_sidebar')} onClick={() => setNavVisible(false)} className="text-fg-secondary hover:text-fg" tooltipSide="right" data-testid="close-sidebar">
              <PanelLeftClose />
            </IconButton>
          </div>
          <div className="px-3 pb-1">
            <NewChatLink onNavigate={closeOnSmall} />
            <PromptsSidebarSection onNavigate={closeOnSmall} />
          </div>
          <div className="scrollbar-thin min-h-0 flex-1 overflow-y-auto px-3" data-testid="sidebar-conversations">
            {children}
          </div>
          <div className="shrink-0 border-t border-line p-2.5">
            <UserMenu />
          </div>
        </nav>
      </div>
    </>
  );
}
