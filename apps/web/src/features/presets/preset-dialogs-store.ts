import { create } from 'zustand';

type PresetDialog = 'save' | 'manage' | null;

export const usePresetDialogsStore = create<{ dialog: PresetDialog }>(() => ({ dialog: null }));

/** Opens "save as preset" or the presets manager from anywhere (menu, panel). */
export function openPresetDialog(dialog: Exclude<PresetDialog, null>): void {
  // From a menu item: let the menu close and return focus before the dialog takes it.
  setTimeout(() => usePresetDialogsStore.setState({ dialog }), 0);
}

export function closePresetDialog(): void {
  usePresetDialogsStore.setState({ dialog: null });
}
