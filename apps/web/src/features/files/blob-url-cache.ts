import { DEFAULT_TIMERS, type Timers } from './timers';

export interface BlobUrlCacheDeps {
  load(key: string): Promise<Blob>;
  createUrl(blob: Blob): string;
  revokeUrl(url: string): void;
  /** How long an image nobody shows keeps its URL (scrolling back finds it still there). */
  idleMs: number;
  timers?: Timers;
}

interface Entry {
  promise: Promise<string>;
  url: string | null;
  refs: number;
  timer: ReturnType<typeof setTimeout> | null;
}

export interface BlobUrlCache {
  /** The object URL of `key`, loaded once however many ask; pair each call with `release`. */
  acquire(key: string): Promise<string>;
  release(key: string): void;
  /** Seeds `key` with bytes already in hand (the file the user just uploaded). */
  prime(key: string, blob: Blob): void;
  /** Revokes every URL (logout). */
  clear(): void;
}

/**
 * Object URLs of images fetched with the bearer token (an <img> cannot send it): one fetch per
 * key, shared by every viewer, revoked `idleMs` after the last one let go. A failed load is
 * forgotten, so showing the image again tries again.
 */
export function createBlobUrlCache(deps: BlobUrlCacheDeps): BlobUrlCache {
  const timers = deps.timers ?? DEFAULT_TIMERS;
  const entries = new Map<string, Entry>();

  const drop = (key: string, entry: Entry) => {
    if (entries.get(key) === entry) entries.delete(key);
    if (entry.timer) timers.clear(entry.timer);
    if (entry.url) deps.revokeUrl(entry.url);
  };

  const track = (key: string, promise: Promise<string>): Entry => {
    const entry: Entry = { promise, url: null, refs: 0, timer: null };
    entries.set(key, entry);
    promise.then(
      (url) => {
        if (entries.get(key) === entry) entry.url = url;
        else deps.revokeUrl(url);
      },
      () => {
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry;
  };

  return {
    acquire(key) {
      const entry =
        entries.get(key) ??
        track(
          key,
          deps.load(key).then((blob) => deps.createUrl(blob)),
        );
      entry.refs += 1;
      if (entry.timer) {
        timers.clear(entry.timer);
        entry.timer = null;
      }
      return entry.promise;
    },
    release(key) {
      const entry = entries.get(key);
      if (!entry || entry.refs === 0) return;
      entry.refs -= 1;
      if (entry.refs > 0) return;
      entry.timer = timers.set(() => {
        entry.timer = null;
        if (entry.refs === 0) drop(key, entry);
      }, deps.idleMs);
    },
    prime(key, blob) {
      if (entries.has(key)) return;
      const entry = track(key, Promise.resolve(deps.createUrl(blob)));
      // Nobody shows it yet: it goes after the idle time unless someone does.
      entry.timer = timers.set(() => {
        entry.timer = null;
        if (entry.refs === 0) drop(key, entry);
      }, deps.idleMs);
    },
    clear() {
      for (const [key, entry] of [...entries]) drop(key, entry);
    },
  };
}
