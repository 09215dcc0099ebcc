import { AudioLines, CreditCard, Database, MessageSquare, Settings, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useSmallScreen } from '../layout/use-small-screen';
import { useSubscriptions } from '../subscriptions/use-subscriptions';

// SPEC 2: the settings dialog is lazy-loaded.
const GeneralSettings = lazy(() => import('./general-settings').then((m) => ({ default: m.GeneralSettings })));
const ChatSettings = lazy(() => import('./chat-settings').then((m) => ({ default: m.ChatSettings })));
const SpeechSettings = lazy(() =>
  import('../speech/speech-settings-panel').then((m) => ({ default: m.SpeechSettingsPanel })),
);
const DataSettings = lazy(() => import('./data-settings').then((m) => ({ default: m.DataSettings })));
const AccountSettings = lazy(() => import('./account-settings').then((m) => ({ default: m.AccountSettings })));
const SubscriptionSettings = lazy(() =>
  import('./subscription-settings').then((m) => ({ default: m.SubscriptionSettings })),
);

const TABS = [
  { id: 'general', labelKey: 'nav:settings_general', icon: Settings, Panel: GeneralSettings },
  { id: 'chat', labelKey: 'chat:settings.tab', icon: MessageSquare, Panel: ChatSettings },
  { id: 'speech', labelKey: 'speech:tab', icon: AudioLines, Panel: SpeechSettings },
  { id: 'data', labelKey: 'conversations:settings_data', icon: Database, Panel: DataSettings },
  { id: 'account', labelKey: 'files:account', icon: UserRound, Panel: AccountSettings },
  // Issue 23 (web helper): shown only when subscriptions are on; opened by ?settings=subscription.
  { id: 'subscription', labelKey: 'subscriptions:settings_tab', icon: CreditCard, Panel: SubscriptionSettings },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function SettingsDialog({
  isOpen,
  onOpenChange,
  initialTab,
}: {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  /** The tab it opens on (?settings=subscription); the last one used otherwise. */
  initialTab?: TabId;
}) {
  const { t } = useTranslation(['nav', 'chat', 'conversations', 'files']);
  const [active, setActive] = useState<TabId>('general');
  const { isSubscriptionsEnabled } = useSubscriptions();
  const tabs = TABS.filter((tab) => tab.id !== 'subscription' || isSubscriptionsEnabled);
  useEffect(() => {
    if (isOpen && initialTab) setActive(initialTab);
  }, [isOpen, initialTab]);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  // The tabs are a column beside the panel, and a row above it on small screens.
  const orientation = useSmallScreen() ? 'horizontal' : 'vertical';
  const current = tabs.find((tab) => tab.id === active) ?? TABS[0];

  // Arrow keys move between tabs (WAI-ARIA tabs pattern, automatic activation).
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const delta =
      event.key === 'ArrowDown' || event.key === 'ArrowRight'
        ? 1
        : event.key === 'ArrowUp' || event.key === 'ArrowLeft'
          ? -1
          : 0;
    if (!delta) return;
    event.preventDefault();
    const next = (index + delta + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (tab) setActive(tab.id);
    tabRefs.current[next]?.focus();
  };

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent title={t('settings_title')} className="max-w-2xl" data-testid="settings-dialog">
        {/* One height for every tab (the panel scrolls): a centred dialog that grew or shrank with
            its panel jumped on each tab switch and when a lazy panel replaced its spinner, moving
            the tabs from under a click in progress. */}
        <div className="flex h-[min(34rem,calc(85dvh-4rem))] flex-col gap-4 px-6 pb-6 sm:flex-row sm:gap-6">
          <div
            role="tablist"
            aria-orientation={orientation}
            className="-mx-1 flex shrink-0 gap-1 overflow-x-auto px-1 sm:mx-0 sm:w-40 sm:flex-col sm:overflow-visible sm:px-0"
          >
            {tabs.map((tab, index) => {
              const Icon = tab.icon;
              const isSelected = tab.id === active;
              return (
                <button
                  key={tab.id}
                  ref={(el) => {
                    tabRefs.current[index] = el;
                  }}
                  type="button"
                  role="tab"
                  id={`settings-tab-${tab.id}`}
                  aria-selected={isSelected}
                  aria-controls={`settings-panel-${tab.id}`}
                  tabIndex={isSelected ? 0 : -1}
                  onClick={() => setActive(tab.id)}
                  onKeyDown={(e) => onKeyDown(e, index)}
                  className={cn(
                    'focus-ring flex shrink-0 items-center gap-2 rounded-lg px-2.5 py-2 text-left text-sm font-medium whitespace-nowrap transition-colors sm:px-3',
                    isSelected
                      ? 'bg-surface-hover text-fg'
                      : 'text-fg-secondary hover:bg-surface-hover/60 hover:text-fg',
                  )}
                  data-testid={`settings-tab-${tab.id}`}
                >
                  <Icon className="size-4" aria-hidden />
                  {t(tab.labelKey)}
                </button>
              );
            })}
          </div>
          <div
            role="tabpanel"
            id={`settings-panel-${current.id}`}
            aria-labelledby={`settings-tab-${current.id}`}
            className="-mr-2 min-h-0 min-w-0 flex-1 overflow-y-auto pr-2"
          >
            <Suspense
              fallback={
                <div className="flex justify-center py-10 text-fg-tertiary">
                  <Spinner />
                </div>
              }
            >
              <current.Panel />
            </Suspense>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
