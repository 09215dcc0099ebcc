import { Database, MessageSquare, Settings } from 'lucide-react';
import { lazy, Suspense, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';

// SPEC 2: the settings dialog is lazy-loaded.
const GeneralSettings = lazy(() => import('./general-settings').then((m) => ({ default: m.GeneralSettings })));
const ChatSettings = lazy(() => import('./chat-settings').then((m) => ({ default: m.ChatSettings })));
const DataSettings = lazy(() => import('./data-settings').then((m) => ({ default: m.DataSettings })));

const TABS = [
  { id: 'general', labelKey: 'nav:settings_general', icon: Settings, Panel: GeneralSettings },
  { id: 'chat', labelKey: 'chat:settings.tab', icon: MessageSquare, Panel: ChatSettings },
  { id: 'data', labelKey: 'conversations:settings_data', icon: Database, Panel: DataSettings },
] as const;
type TabId = (typeof TABS)[number]['id'];

export function SettingsDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const { t } = useTranslation(['nav', 'chat', 'conversations']);
  const [active, setActive] = useState<TabId>('general');
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const current = TABS.find((tab) => tab.id === active) ?? TABS[0];

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
    const next = (index + delta + TABS.length) % TABS.length;
    const tab = TABS[next];
    if (tab) setActive(tab.id);
    tabRefs.current[next]?.focus();
  };

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent title={t('settings_title')} className="max-w-2xl" data-testid="settings-dialog">
        <div className="flex min-h-[360px] flex-col gap-4 overflow-y-auto px-6 pb-6 sm:flex-row sm:gap-6">
          <div role="tablist" aria-orientation="vertical" className="flex shrink-0 gap-1 sm:w-40 sm:flex-col">
            {TABS.map((tab, index) => {
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
                    'focus-ring flex items-center gap-2 rounded-lg px-3 py-2 text-left text-sm font-medium transition-colors',
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
            className="min-w-0 flex-1"
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
