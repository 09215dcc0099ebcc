import type {
  EnableTwoFactorResponse,
  PublicUser,
  RegenerateBackupCodesResponse,
  TwoFactorCodeInput,
} from '@confab/shared';
import { apiJson } from '../../../../lib/api-client';
import { useAuthStore } from '../../../auth/auth-store';

/** SPEC 7's two-factor calls, as LibreChat's client makes them (newer clients send the code along). */
export function enableTwoFactor(): Promise<EnableTwoFactorResponse> {
  return apiJson('/api/auth/2fa/enable');
}

export function confirmTwoFactor(token: string): Promise<{ message: string }> {
  return apiJson('/api/auth/2fa/confirm', { method: 'POST', json: { token } });
}

/** With a code when two-factor is on; without one to roll back a setup left half way. */
export function disableTwoFactor(code?: TwoFactorCodeInput): Promise<{ message: string }> {
  return apiJson('/api/auth/2fa/disable', { method: 'POST', ...(code ? { json: code } : {}) });
}

export function regenerateBackupCodes(code: TwoFactorCodeInput): Promise<RegenerateBackupCodesResponse> {
  return apiJson('/api/auth/2fa/backup/regenerate', { method: 'POST', json: code });
}

/** Reloads the signed-in user (twoFactorEnabled, backupCodes) into the auth store. */
export async function reloadUser(): Promise<void> {
  const user = await apiJson<PublicUser>('/api/user');
  useAuthStore.getState().setUser(user);
}
