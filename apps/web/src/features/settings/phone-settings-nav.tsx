import { ChevronLeft, ChevronRight, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { DialogCloseButton } from '../../components/ui/dialog';

export interface SettingsSection<Id extends string> {
  id: Id;
  labelKey: string;
  icon: LucideIcon;
}

/**
 * The bar of the full-screen settings on a phone: the page's name in the middle, the way back
 * to the list at the start (once a section is open) and the close button at the end.
 */
export function PhoneSettingsHeader<Id extends string>({
  page,
  onBack,
}: {
  page: SettingsSection<Id> | null;
  onBack(): void;
}) {
  const { t } = useTranslation(['nav', 'chat', 'speech', 'conversations', 'files', 'subscriptions']);
  return (
    <div className="grid shrink-0 grid-cols-[1fr_auto_1fr] items-center gap-2 border-b border-line px-2 pt-[env(safe-area-inset-top)]">
      <div className="flex h-14 items-center">
        {page ? (
          <button
            type="button"
            onClick={onBack}
            className="focus-ring -ml-0.5 flex h-10 items-center gap-0.5 rounded-lg pr-2.5 pl-1 text-[15px] font-medium text-accent hover:bg-surface-hover"
            data-testid="settings-back"
          >
            <ChevronLeft className="size-5" aria-hidden />
            {t('nav:settings_title')}
          </button>
        ) : null}
      </div>
      {page ? (
        <h2 id="settings-page-title" className="truncate text-[17px] font-semibold text-fg">
          {t(page.labelKey)}
        </h2>
      ) : (
        // The dialog's own (screen-reader) title already says "Settings".
        <p className="truncate text-[17px] font-semibold text-fg" aria-hidden>
          {t('nav:settings_title')}
        </p>
      )}
      <div className="flex justify-end pr-1">
        <DialogCloseButton />
      </div>
    </div>
  );
}

/** The sections of Settings as one list, each opening its page (a phone's settings pattern). */
export function PhoneSettingsList<Id extends string>({
  tabs,
  onOpen,
}: {
  tabs: readonly SettingsSection<Id>[];
  onOpen(id: Id): void;
}) {
  const { t } = useTranslation(['nav', 'chat', 'speech', 'conversations', 'files', 'subscriptions']);
  return (
    <nav aria-label={t('nav:settings_title')} className="min-h-0 flex-1 overflow-y-auto px-4 py-5">
      <ul className="overflow-hidden rounded-2xl border border-line bg-surface-secondary">
        {tabs.map((tab) => {
          const Icon = tab.icon;
          return (
            <li key={tab.id} className="border-b border-line last:border-b-0">
              <button
                type="button"
                onClick={() => onOpen(tab.id)}
                className="focus-ring flex min-h-12 w-full items-center gap-3 px-4 py-2.5 text-left text-[15px] font-medium text-fg transition-colors hover:bg-surface-hover active:bg-surface-active"
                data-testid={`settings-tab-${tab.id}`}
              >
                <span className="flex size-8 shrink-0 items-center justify-center rounded-lg bg-surface-tertiary text-fg-secondary">
                  <Icon className="size-[18px]" aria-hidden />
                </span>
                <span className="min-w-0 flex-1 truncate">{t(tab.labelKey)}</span>
                <ChevronRight className="size-4 shrink-0 text-fg-tertiary" aria-hidden />
              </button>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
