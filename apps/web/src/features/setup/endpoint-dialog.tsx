import type { AdminEndpointView } from '@confab/shared';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { showToast } from '../../components/ui/toast-store';
import { EndpointForm } from './endpoint-form';
import { endpointDisplayName } from './endpoint-name';

/** The Admin area's add or edit dialog around the setup screen's form. */
export function EndpointDialog({
  isOpen,
  onOpenChange,
  saved,
}: {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** The endpoint to edit; absent to add one. */
  saved?: AdminEndpointView | undefined;
}) {
  const { t } = useTranslation('setup');
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        title={saved ? t('edit_title', { name: endpointDisplayName(saved, t) }) : t('add_title')}
        description={saved ? t('edit_description') : t('add_provider_description')}
        className="max-w-2xl"
        data-testid="endpoint-dialog"
      >
        <div className="scrollbar-thin min-h-0 overflow-y-auto px-6 pb-6">
          {/* A new form per opening: nothing typed (above all no key) survives a close. */}
          {isOpen ? (
            <EndpointForm
              saved={saved}
              onCancel={() => onOpenChange(false)}
              onSaved={(view) => {
                showToast({
                  message: t(saved ? 'endpoint_saved' : 'endpoint_added', { name: endpointDisplayName(view, t) }),
                });
                onOpenChange(false);
              }}
            />
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
