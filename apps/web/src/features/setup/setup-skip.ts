import { readStorage, writeStorage } from '../../lib/storage';

/** Per user: an administrator who chose "Skip for now" is not sent to /setup again on this browser. */
const skipKey = (userId: string) => `confab:setup-skipped:${userId}`;

export function hasSkippedSetup(userId: string): boolean {
  return readStorage<boolean>(skipKey(userId), false);
}

export function skipSetup(userId: string): void {
  writeStorage(skipKey(userId), true);
}
