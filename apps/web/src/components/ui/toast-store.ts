import { TIMING } from '@confab/shared';
import { create } from 'zustand';

export type ToastStatus = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  message: string;
  /** Several problems at once: shown as a bulleted list under `message` (SPEC 8, Uploads). */
  items?: string[];
  status: ToastStatus;
  durationMs: number;
}

interface ToastState {
  toasts: Toast[];
  dismiss(id: number): void;
}

/** At most this many toasts at once; a new one pushes the oldest out. */
const MAX_VISIBLE = 4;
let nextId = 1;

export const useToastStore = create<ToastState>()((set) => ({
  toasts: [],
  dismiss: (id) => set((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) })),
}));

/**
 * Shows a toast (SPEC 4, Toast): it appears after a short delay (100 ms) and hides after
 * 3000 ms unless another duration is given. Callable from anywhere, React or not.
 * @example showToast({ message: t('com_ui_rename_failed'), status: 'error' })
 */
export function showToast({
  message,
  items,
  status = 'success',
  durationMs = TIMING.toastDurationMs,
}: {
  message: string;
  items?: string[];
  status?: ToastStatus;
  durationMs?: number;
}): number {
  const id = nextId++;
  setTimeout(() => {
    const toast: Toast = { id, message, status, durationMs, ...(items?.length ? { items } : {}) };
    useToastStore.setState((s) => ({ toasts: [...s.toasts, toast].slice(-MAX_VISIBLE) }));
    setTimeout(() => useToastStore.getState().dismiss(id), durationMs);
  }, TIMING.toastDelayMs);
  return id;
}
