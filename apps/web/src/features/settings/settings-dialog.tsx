import { Settings } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { Spinner } from '../../components/ui/spinner';

// SPEC 2: the settings dialog is lazy-loaded.
const GeneralSettings = lazy(() => import('./general-settings').then((m) => ({ default: m.GeneralSettings })));

export function SettingsDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange: (isOpen: boolean) => void }) {
  const { t } = useTranslation('nav');
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent title={t('settings_title')} className="max-w-2xl" data-testid="settings-dialog">
        <div className="flex min-h-[320px] flex-col gap-4 px-6 pb-6 sm:flex-row sm:gap-6">
          <div role="tablist" aria-orientation="vertical" className="flex shrink-0 gap-1 sm:w-40 sm:flex-col">
            <button
              type="button"
              role="tab"
              aria-selected
              className="focus-ring flex items-center gap-2 rounded-lg bg-surface-hover px-3 py-2 text-left text-sm font-medium text-fg"
            >
              <Settings className="size-4" aria-hidden />
              {t('settings_general')}
            </button>
          </div>
          <div role="tabpanel" className="min-w-0 flex-1">
            <Suspense
              fallback={
                <div className="flex justify-center py-10 text-fg-tertiary">
                  <Spinner />
                </div>
              }
            >
              <GeneralSettings />
            </Suspense>
            <p className="mt-4 text-[13px] text-fg-tertiary">{t('settings_more_soon')}</p>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  );
}
