import { AudioLines, Brain, CreditCard, Database, FlaskConical, MessageSquare, Settings, SquareSlash, UserRound } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useSmallScreen } from '../layout/use-small-screen';
import { PhoneSettingsHeader, PhoneSettingsList } from './phone-settings-nav';
import { useSubscriptions } from '../subscriptions/use-subscriptions';
import { useMemoryPermissions } from '../memories/use-memory-permissions';

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
const CommandsSettings = lazy(() => import('./commands-settings').then((m) => ({ default: m.CommandsSettings })));
const PersonalizationSettings = lazy(() =>
  import('./personalization-settings').then((m) => ({ default: m.PersonalizationSettings })),
);
const BetaSettings = lazy(() => import('./beta-settings').then((m) => ({ default: m.BetaSettings })));

const TABS = [
  { id: 'general', labelKey: 'nav:settings_general', icon: Settings, Panel: GeneralSettings },
  { id: 'chat', labelKey: 'chat:settings.tab', icon: MessageSquare, Panel: ChatSettings },
  { id: 'speech', labelKey: 'speech:tab', icon: AudioLines, Panel: SpeechSettings },
  // Issue 41: memory (LibreChat's Personalization tab); shown with MEMORIES USE and READ.
  { id: 'personalization', labelKey: 'memories:tab', icon: Brain, Panel: PersonalizationSettings },
  // Issue 38: code artifacts and how the model is told about them (SPEC 2 and 4).
  { id: 'beta', labelKey: 'chat:settings.beta_tab', icon: FlaskConical, Panel: BetaSettings },
  { id: 'data', labelKey: 'conversations:settings_data', icon: Database, Panel: DataSettings },
  { id: 'account', labelKey: 'files:account', icon: UserRound, Panel: AccountSettings },
  // Issue 23 (web helper): shown only when subscriptions are on; opened by ?settings=subscription.
  { id: 'subscription', labelKey: 'subscriptions:settings_tab', icon: CreditCard, Panel: SubscriptionSettings },
  // Issue 36: the chat input's "@", "/" and "+" commands (SPEC 2 lists it last).
  { id: 'commands', labelKey: 'chat:settings.commands_tab', icon: SquareSlash, Panel: CommandsSettings },
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
  const { canRead: canReadMemories } = useMemoryPermissions();
  const tabs = TABS.filter(
    (tab) =>
      (tab.id !== 'subscription' || isSubscriptionsEnabled) && (tab.id !== 'personalization' || canReadMemories),
  );
  const isPhone = useSmallScreen();
  // On a phone the dialog is a full-screen page: the list of sections, then one section with a
  // way back (as a phone's own settings do); null is the list.
  const [phonePage, setPhonePage] = useState<TabId | null>(null);
  useEffect(() => {
    if (isOpen && initialTab) {
      setActive(initialTab);
      setPhonePage(initialTab);
    }
    if (!isOpen) setPhonePage(null);
  }, [isOpen, initialTab]);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = tabs.find((tab) => tab.id === active) ?? TABS[0];
  const panel = (
    <Suspense
      fallback={
        <div className="flex justify-center py-10 text-fg-tertiary">
          <Spinner />
        </div>
      }
    >
      <current.Panel />
    </Suspense>
  );

  if (isPhone) {
    const page = tabs.find((tab) => tab.id === phonePage) ?? null;
    return (
      <Dialog open={isOpen} onOpenChange={onOpenChange}>
        <DialogContent
          title={t('settings_title')}
          header={<PhoneSettingsHeader page={page} onBack={() => setPhonePage(null)} />}
          className="top-0 left-0 h-dvh max-h-none w-full max-w-none translate-x-0 translate-y-0 rounded-none border-0 bg-surface"
          data-testid="settings-dialog"
          data-layout="phone"
        >
          {page ? (
            <section
              aria-labelledby="settings-page-title"
              className="min-h-0 flex-1 overflow-y-auto px-4 pt-1 pb-[calc(env(safe-area-inset-bottom)+1.5rem)]"
              data-testid={`settings-page-${page.id}`}
            >
              {panel}
            </section>
          ) : (
            <PhoneSettingsList
              tabs={tabs}
              onOpen={(id) => {
                setActive(id);
                setPhonePage(id);
              }}
            />
          )}
        </DialogContent>
      </Dialog>
    );
  }

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
        <div className="flex h-[min(34rem,calc(85dvh-4rem))] flex-row gap-6 px-6 pb-6">
          <div
            role="tablist"
            aria-orientation="vertical"
            className="flex w-40 shrink-0 flex-col gap-1"
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
                    'focus-ring flex shrink-0 items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium whitespace-nowrap transition-colors',
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
            {panel}
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
