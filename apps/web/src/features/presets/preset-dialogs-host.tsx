import type { ModelSettings } from '@confab/shared';
import { lazy } from 'react';
import { MountOnFirstOpen } from '../../components/ui/mount-on-first-open';
import type { EndpointsConfig, ModelsConfig } from '../chat/api/chat-api';
import type { ConversationSetup, ModelSelection } from '../chat/header/model-selection';
import { closePresetDialog, openPresetDialog, usePresetDialogsStore } from './preset-dialogs-store';
import { usePresetsEnabled } from './use-presets';

// The dialogs' code loads when one first opens; they then stay mounted so closing still animates.
const PresetsDialog = lazy(async () => ({ default: (await import('./presets-dialog')).PresetsDialog }));
const SavePresetDialog = lazy(async () => ({ default: (await import('./save-preset-dialog')).SavePresetDialog }));

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
    <MountOnFirstOpen isOpen={dialog !== null}>
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
    </MountOnFirstOpen>
  );
}
