import { readStorage, writeStorage } from '../../lib/storage';

/**
 * SPEC 9: "subscription popup shown is tracked locally". A user who chose "Not now" is not asked
 * again on every page load; the key is per user so a shared browser asks each account once.
 */
function keyFor(userId: string): string {
  return `subscriptionPopupShown:${userId}`;
}

export function wasPaywallDismissed(userId: string): boolean {
  return readStorage<boolean>(keyFor(userId), false) === true;
}

export function rememberPaywallDismissed(userId: string): void {
  writeStorage(keyFor(userId), true);
}
