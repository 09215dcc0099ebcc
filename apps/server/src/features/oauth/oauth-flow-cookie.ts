import { timingSafeEqual } from 'node:crypto';
import type { SocialProvider } from '@confab/shared';
import { decryptSecret, encryptSecret } from '../../platform/crypto.js';
import type { FlowChecks } from './oauth-types.js';

export const FLOW_COOKIE = 'oauth_flow';
/** Long enough to type a password and answer a second factor at the provider. */
export const FLOW_TTL_MS = 10 * 60 * 1000;

interface FlowPayload extends FlowChecks {
  provider: SocialProvider;
  expiresAt: number;
}

/**
 * Encrypted with AES-GCM under CREDS_KEY: the browser carries the state, PKCE verifier and nonce
 * but can neither read nor change them (a changed byte fails the auth tag).
 */
export function sealFlow(provider: SocialProvider, checks: FlowChecks, key: string, now = Date.now()): string {
  const payload: FlowPayload = { provider, ...checks, expiresAt: now + FLOW_TTL_MS };
  return encryptSecret(JSON.stringify(payload), key);
}

/** The checks of an unexpired flow of this provider, or undefined (missing, tampered, stale, other provider). */
export function openFlow(sealed: string | undefined, provider: SocialProvider, key: string): FlowChecks | undefined {
  if (!sealed) return undefined;
  let payload: Partial<FlowPayload>;
  try {
    payload = JSON.parse(decryptSecret(sealed, key)) as Partial<FlowPayload>;
  } catch {
    return undefined;
  }
  const { state, codeVerifier, nonce, expiresAt } = payload;
  if (payload.provider !== provider || typeof expiresAt !== 'number' || expiresAt < Date.now()) return undefined;
  if (typeof state !== 'string' || typeof codeVerifier !== 'string' || typeof nonce !== 'string') return undefined;
  return { state, codeVerifier, nonce };
}

export function sameState(expected: string, received: unknown): boolean {
  if (typeof received !== 'string') return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(received);
  return a.length === b.length && timingSafeEqual(a, b);
}
