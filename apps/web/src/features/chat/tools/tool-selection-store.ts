import { create } from 'zustand';
import { LOGOUT_EVENT } from '../../auth/auth-store';
import {
  NEW_CHAT_TOOLS_KEY,
  readStoredSelection,
  removeAllStoredSelections,
  writeStoredSelection,
  type ToolSelection,
} from './tool-selection';

interface ToolSelectionState {
  /** Selections read or set in this tab, by chat key (`new` or a conversation id). */
  byKey: Readonly<Record<string, ToolSelection>>;
}

/**
 * The chats' tool toggles (LibreChat's `ephemeralAgentByConvoId`), mirrored to localStorage so a
 * reload, a new chat or another tab finds them again.
 */
export const useToolSelectionStore = create<ToolSelectionState>(() => ({ byKey: {} }));

export function getToolSelection(key: string): ToolSelection {
  return useToolSelectionStore.getState().byKey[key] ?? readStoredSelection(key);
}

/**
 * Sets a chat's tools. They are also the last used (SPEC 4): a new chat starts with them,
 * whichever conversation they were chosen in.
 */
export function setToolSelection(key: string, selection: ToolSelection): void {
  const keys = key === NEW_CHAT_TOOLS_KEY ? [key] : [key, NEW_CHAT_TOOLS_KEY];
  useToolSelectionStore.setState((s) => ({
    byKey: { ...s.byKey, ...Object.fromEntries(keys.map((k) => [k, selection])) },
  }));
  for (const k of keys) writeStoredSelection(k, selection);
}

/** A new chat's tools go with it once it is a conversation (LibreChat's useApplyNewAgentTemplate). */
export function copyToolSelection(fromKey: string, toKey: string): void {
  const selection = getToolSelection(fromKey);
  useToolSelectionStore.setState((s) => ({ byKey: { ...s.byKey, [toKey]: selection } }));
  writeStoredSelection(toKey, selection);
}

if (typeof window !== 'undefined') {
  window.addEventListener(LOGOUT_EVENT, () => {
    useToolSelectionStore.setState({ byKey: {} });
    removeAllStoredSelections();
  });
}
