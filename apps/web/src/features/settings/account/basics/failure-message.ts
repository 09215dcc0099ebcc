import type { TFunction } from 'i18next';
import { ApiError } from '../../../../lib/api-client';

/** The server's own sentence when it sent one (they are written for people), else a generic one. */
export function failureMessage(error: unknown, t: TFunction<'account-settings'>): string | null {
  if (!error) return null;
  if (error instanceof ApiError && error.status !== 0 && error.message) return error.message;
  return t('generic_error');
}
