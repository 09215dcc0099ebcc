/**
 * localStorage helpers that never throw (private mode, quota, disabled storage) and keep values
 * as JSON so booleans and numbers come back with their type.
 */
export function readStorage<T>(key: string, fallback: T): T {
  try {
    const raw = globalThis.localStorage?.getItem(key);
    return raw === null || raw === undefined ? fallback : (JSON.parse(raw) as T);
  } catch {
    return fallback;
  }
}

export function writeStorage(key: string, value: unknown): void {
  try {
    globalThis.localStorage?.setItem(key, JSON.stringify(value));
  } catch {
    // Storage unavailable: the preference simply does not persist.
  }
}

export function removeStorage(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Nothing to do.
  }
}

/** Keys of values this app keeps in localStorage, in one place. */
export const STORAGE_KEYS = {
  theme: 'color-theme',
  navVisible: 'navVisible',
  /** Dismissed banners, `{[userId or 'visitor']: 'bannerId@updatedAt'}` (issue 40). */
  dismissedBanner: 'dismissedBanners',
  /** The category a new prompt starts in: the last one picked (SPEC 3, LibreChat's key). */
  lastPromptCategory: 'lastPromptCategory',
} as const;
