import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppTooltipProvider } from '../../components/ui/tooltip';
import { Banner } from '../banner/banner';
import { RequireAuth } from '../auth/require-auth';
import { TermsAcceptanceGate } from '../legal/terms-acceptance-gate';
import { SubscriptionHost } from '../subscriptions/subscription-host';
import { AppHeader } from './app-header';
import { HeaderSlotContext } from './header-slot-context';
import { Sidebar } from './sidebar';
import { SidebarConversations } from './sidebar-conversations';
import { SidebarToggleHandle } from './sidebar-toggle-handle';
import { useSmallScreen } from './use-small-screen';

/** The signed-in frame: sidebar, header and the routed page (or `children`, for the not-found page). */
export function AppLayout({ children }: { children?: ReactNode }) {
  const { t } = useTranslation('nav');
  const isSmall = useSmallScreen();
  const [start, setStart] = useState<HTMLElement | null>(null);
  const [end, setEnd] = useState<HTMLElement | null>(null);
  const slots = useMemo(() => ({ start, end }), [start, end]);

  return (
    <RequireAuth>
      <AppTooltipProvider>
        <HeaderSlotContext.Provider value={slots}>
          <a
            href="#main-content"
            className="focus-ring sr-only z-50 rounded-lg bg-surface-elevated text-sm font-medium text-fg shadow-elevated focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:px-3 focus:py-2"
          >
            {t('skip_to_content')}
          </a>
          <div className="flex h-dvh w-full overflow-hidden bg-surface text-fg">
            <Sidebar>
              <SidebarConversations />
            </Sidebar>
            {isSmall ? null : <SidebarToggleHandle />}
            <div className="relative flex min-w-0 flex-1 flex-col">
              {/* Issue 40: the administrator's banner, over the header (SPEC 2). */}
              <Banner />
              <AppHeader onStartSlot={setStart} onEndSlot={setEnd} />
              <main id="main-content" className="relative min-h-0 flex-1 overflow-y-auto">
                {children ?? <Outlet />}
              </main>
            </div>
          </div>
          <TermsAcceptanceGate />
          <SubscriptionHost />
        </HeaderSlotContext.Provider>
      </AppTooltipProvider>
    </RequireAuth>
  );
}
