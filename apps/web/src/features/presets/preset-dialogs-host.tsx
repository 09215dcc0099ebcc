import type { ModelSettings } from '@confab/shared';
import type { EndpointsConfig, ModelsConfig } from '../chat/api/chat-api';
import type { ConversationSetup, ModelSelection } from '../chat/header/model-selection';
import { closePresetDialog, openPresetDialog, usePresetDialogsStore } from './preset-dialogs-store';
import { PresetsDialog } from './presets-dialog';
import { SavePresetDialog } from './save-preset-dialog';
import { usePresetsEnabled } from './use-presets';

/** The chat page's preset dialogs (save, manage), opened through `openPresetDialog`. */
export function PresetDialogsHost({
  selection,
  settings,
  endpoints,
  models,
  onApply,
}: {
  selection: ModelSelection | null;
  settings: ModelSettings;
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  onApply(setup: ConversationSetup): void;
}) {
  const dialog = usePresetDialogsStore((s) => s.dialog);
  const isEnabled = usePresetsEnabled();
  if (!isEnabled) return null;
  const onOpenChange = (isOpen: boolean) => (isOpen ? undefined : closePresetDialog());
  return (
    <>
      <SavePresetDialog
        isOpen={dialog === 'save'}
        onOpenChange={onOpenChange}
        selection={selection}
        settings={settings}
        endpoints={endpoints}
      />
      <PresetsDialog
        isOpen={dialog === 'manage'}
        onOpenChange={onOpenChange}
        endpoints={endpoints}
        models={models}
        onApply={onApply}
        onSaveCurrent={() => {
          closePresetDialog();
          openPresetDialog('save');
        }}
      />
    </>
  );
}
