import { create } from 'zustand';

interface ApiKeyDialogState {
  /** The endpoint whose key dialog is open, or null. */
  endpoint: string | null;
  /** Mounted dialog hosts: without one (a shared page) nothing offers the dialog. */
  hostCount: number;
}

export const useApiKeyDialogStore = create<ApiKeyDialogState>(() => ({ endpoint: null, hostCount: 0 }));

/** Registers a mounted host; returns the unregister function (a React effect's cleanup). */
export function registerApiKeyDialogHost(): () => void {
  useApiKeyDialogStore.setState((s) => ({ hostCount: s.hostCount + 1 }));
  return () =>
    useApiKeyDialogStore.setState((s) => ({
      hostCount: s.hostCount - 1,
      endpoint: s.hostCount > 1 ? s.endpoint : null,
    }));
}

/** Opens the API key dialog of an endpoint from anywhere (menu, error, inline prompt). */
export function openApiKeyDialog(endpoint: string): void {
  // A menu item that opens the dialog closes its menu first; opening on the next tick keeps
  // the menu's focus return from stealing the dialog's focus.
  setTimeout(() => useApiKeyDialogStore.setState({ endpoint }), 0);
}

export function closeApiKeyDialog(): void {
  useApiKeyDialogStore.setState({ endpoint: null });
}
