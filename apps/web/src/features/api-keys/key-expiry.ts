import { DEFAULT_KEY_EXPIRY, KEY_EXPIRY_OPTIONS } from '@confab/shared';

export type KeyExpiryOption = (typeof KEY_EXPIRY_OPTIONS)[number]['key'];
export const KEY_EXPIRY_KEYS: readonly KeyExpiryOption[] = KEY_EXPIRY_OPTIONS.map((o) => o.key);
export const DEFAULT_EXPIRY: KeyExpiryOption = DEFAULT_KEY_EXPIRY;

/**
 * The `expiresAt` of PUT /api/keys for a SPEC 9 expiry option: an ISO date that far from now,
 * or null for "never".
 * @example computeExpiresAt('2h', Date.parse('2025-01-01T00:00:00Z')) // '2025-01-01T02:00:00.000Z'
 */
export function computeExpiresAt(option: KeyExpiryOption, now: number): string | null {
  const found = KEY_EXPIRY_OPTIONS.find((o) => o.key === option);
  return found && found.ms !== null ? new Date(now + found.ms).toISOString() : null;
}

/** GET /api/keys?name=: the stored key's expiry; `exists: false` when there is none. */
export interface KeyStatusResponse {
  expiresAt: string | null;
  exists?: boolean;
}

export type KeyState =
  { kind: 'none' } | { kind: 'never' } | { kind: 'expired'; at: Date } | { kind: 'expires'; at: Date };

/** What the dialog says about the stored key: none, never expires, expired, or expires then. */
export function describeKey(status: KeyStatusResponse | undefined, now: number): KeyState {
  if (!status || status.exists === false) return { kind: 'none' };
  if (!status.expiresAt) return { kind: 'never' };
  const at = new Date(status.expiresAt);
  if (Number.isNaN(at.getTime())) return { kind: 'never' };
  return at.getTime() <= now ? { kind: 'expired', at } : { kind: 'expires', at };
}

/** Whether sends are possible with this key (SPEC 4: not while a needed key is missing or expired). */
export function isKeyUsable(state: KeyState): boolean {
  return state.kind === 'never' || state.kind === 'expires';
}
