import { TIMING } from '@confab/shared';
import { create } from 'zustand';

/** `loading` is a step in progress ("Duplicating…"): it stays until its result replaces it. */
export type ToastStatus = 'success' | 'error' | 'warning' | 'info' | 'loading';

export interface ToastAction {
  label: string;
  onClick(): void;
}

export interface Toast {
  id: number;
  message: string;
  /** Several problems at once: shown as a bulleted list under `message` (SPEC 8, Uploads). */
  items?: string[];
  status: ToastStatus;
  durationMs: number;
  /** One button beside the message, such as Undo. */
  action?: ToastAction;
}

/**
 * Why a toast went away: its time ran out, the user closed it, its action ran, or newer toasts
 * pushed it out. A toast replaced by another with its id does not close: the new one goes on.
 */
export type ToastCloseReason = 'timeout' | 'dismissed' | 'action' | 'evicted';

interface ToastState {
  toasts: Toast[];
  dismiss(id: number): void;
}

/** At most this many toasts at once; a new one pushes the oldest out. */
const MAX_VISIBLE = 4;
/** A progress toast whose result never comes (a lost request) still goes away in the end. */
const PROGRESS_TOAST_MAX_MS = 60_000;

let nextId = 1;

interface Entry {
  version: number;
  showTimer?: ReturnType<typeof setTimeout>;
  hideTimer?: ReturnType<typeof setTimeout>;
  /** When the hide timer fires; with `remainingMs`, what a pause keeps. */
  hideAt: number;
  remainingMs: number;
  onClose?: (reason: ToastCloseReason) => void;
}
const entries = new Map<number, Entry>();

export const useToastStore = create<ToastState>()(() => ({
  toasts: [],
  dismiss: (id) => closeToast(id, 'dismissed'),
}));

/**
 * Puts `toast` in the list: in the place of the one with its id (a result replacing its
 * progress toast stays where the eye already is), else at the end. Returns the new list and the
 * toasts pushed out past `max`.
 */
export function placeToast(toasts: readonly Toast[], toast: Toast, max = MAX_VISIBLE): { toasts: Toast[]; evicted: Toast[] } {
  if (toasts.some((t) => t.id === toast.id)) return { toasts: toasts.map((t) => (t.id === toast.id ? toast : t)), evicted: [] };
  const all = [...toasts, toast];
  const cut = Math.max(0, all.length - max);
  return { toasts: all.slice(cut), evicted: all.slice(0, cut) };
}

function clearTimers(entry: Entry): void {
  clearTimeout(entry.showTimer);
  clearTimeout(entry.hideTimer);
}

function closeToast(id: number, reason: ToastCloseReason): void {
  const entry = entries.get(id);
  if (entry) clearTimers(entry);
  entries.delete(id);
  useToastStore.setState((s) => ({ toasts: s.toasts.filter((t) => t.id !== id) }));
  entry?.onClose?.(reason);
}

function startHideTimer(id: number, entry: Entry, ms: number): void {
  clearTimeout(entry.hideTimer);
  entry.hideAt = Date.now() + ms;
  entry.remainingMs = ms;
  entry.hideTimer = setTimeout(() => closeToast(id, 'timeout'), ms);
}

function present(toast: Toast, entry: Entry): void {
  const placed = placeToast(useToastStore.getState().toasts, toast);
  useToastStore.setState({ toasts: placed.toasts });
  for (const old of placed.evicted) closeToast(old.id, 'evicted');
  startHideTimer(toast.id, entry, toast.durationMs);
}

/**
 * Shows a toast (SPEC 4, Toast): it appears after a short delay (100 ms) and hides after
 * 3000 ms unless another duration is given. Callable from anywhere, React or not. Returns its
 * id: pass it as `id` to replace that toast in place (a progress toast by its result), with a
 * fresh duration; the replaced toast's `onClose` is dropped.
 * @example
 * const id = showToast({ message: t('duplicate_processing'), status: 'loading' });
 * showToast({ id, message: t('duplicate_success') });
 */
export function showToast({
  id: replacing,
  message,
  items,
  status = 'success',
  durationMs,
  action,
  onClose,
}: {
  id?: number;
  message: string;
  items?: string[];
  status?: ToastStatus;
  durationMs?: number;
  action?: ToastAction;
  onClose?: (reason: ToastCloseReason) => void;
}): number {
  const id = replacing ?? nextId++;
  const previous = entries.get(id);
  if (previous) clearTimers(previous);
  const entry: Entry = { version: (previous?.version ?? 0) + 1, hideAt: 0, remainingMs: 0, onClose };
  entries.set(id, entry);
  const toast: Toast = {
    id,
    message,
    status,
    durationMs: durationMs ?? (status === 'loading' ? PROGRESS_TOAST_MAX_MS : TIMING.toastDurationMs),
    ...(items?.length ? { items } : {}),
    ...(action ? { action } : {}),
  };
  const isShown = useToastStore.getState().toasts.some((t) => t.id === id);
  if (isShown) present(toast, entry);
  else entry.showTimer = setTimeout(() => present(toast, entry), TIMING.toastDelayMs);
  return id;
}

/** Closes a toast as its close button does. */
export function dismissToast(id: number): void {
  closeToast(id, 'dismissed');
}

/** Runs a toast's action; the toast closes unless the action replaced it (Undo → "Restored"). */
export function runToastAction(id: number): void {
  const toast = useToastStore.getState().toasts.find((t) => t.id === id);
  const entry = entries.get(id);
  if (!toast?.action || !entry) return;
  const version = entry.version;
  toast.action.onClick();
  if (entries.get(id)?.version === version) closeToast(id, 'action');
}

/** Holds a toast while the pointer or focus is on it, so its action can still be reached. */
export function pauseToast(id: number): void {
  const entry = entries.get(id);
  if (!entry?.hideTimer) return;
  clearTimeout(entry.hideTimer);
  entry.hideTimer = undefined;
  entry.remainingMs = Math.max(0, entry.hideAt - Date.now());
}

/** Lets a paused toast run out, with at least a second left to read it. */
export function resumeToast(id: number): void {
  const entry = entries.get(id);
  if (!entry || entry.hideTimer || !useToastStore.getState().toasts.some((t) => t.id === id)) return;
  startHideTimer(id, entry, Math.max(1000, entry.remainingMs));
}
