/**
 * A tab opened before the server was upgraded still runs the old build; the first lazy part it
 * asks for (the Settings dialog, the markdown renderer) is gone from the server, and the page
 * would end on the error page. Vite announces such a failed import as `vite:preloadError`: the
 * page then loads the new build, once. Should it fail again within the guard, the error shows
 * (reloading again would loop).
 */
const RELOADED_AT_KEY = 'confab:stale-chunk-reload-at';
const GUARD_MS = 10_000;

export interface ReloadDeps {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: () => number;
  reload: () => void;
}

/** Whether the failed import was answered by a reload (then the error must not be thrown). */
export function reloadOnceForStaleChunk({ storage, now, reload }: ReloadDeps): boolean {
  let last = 0;
  try {
    last = Number(storage.getItem(RELOADED_AT_KEY)) || 0;
    if (now() - last < GUARD_MS) return false;
    storage.setItem(RELOADED_AT_KEY, String(now()));
  } catch {
    // Storage refused (private mode): without the guard a reload could loop, so show the error.
    return false;
  }
  reload();
  return true;
}

export function installStaleChunkReload(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const reloaded = reloadOnceForStaleChunk({
      storage: window.sessionStorage,
      now: Date.now,
      reload: () => window.location.reload(),
    });
    if (reloaded) event.preventDefault();
  });
}
