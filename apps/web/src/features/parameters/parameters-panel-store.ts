import { create } from 'zustand';
import { readStorage, writeStorage } from '../../lib/storage';

/** Whether the parameters panel was left open, across loads. */
export const PARAMETERS_PANEL_KEY = 'parametersPanelOpen';

interface PanelState {
  isOpen: boolean;
}

export const useParametersPanelStore = create<PanelState>(() => ({
  isOpen: readStorage<unknown>(PARAMETERS_PANEL_KEY, false) === true,
}));

export function setParametersPanelOpen(isOpen: boolean): void {
  writeStorage(PARAMETERS_PANEL_KEY, isOpen);
  useParametersPanelStore.setState({ isOpen });
}
