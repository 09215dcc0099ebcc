import type { TFunction } from 'i18next';
import { ApiError } from '../../../../lib/api-client';

/**
 * SPEC 8, Two-factor: a wrong code reads as com_ui_2fa_invalid; a limit or another refusal the
 * server explains shows its message; anything else (network) the call's own fallback key.
 */
export function twoFactorErrorMessage(error: unknown, t: TFunction, fallbackKey: string): string {
  if (error instanceof ApiError) {
    if (error.code === 'invalid_two_factor_code') return t('com_ui_2fa_invalid');
    if (error.status > 0 && error.status !== 500 && error.message) return error.message;
  }
  return t(fallbackKey);
}
