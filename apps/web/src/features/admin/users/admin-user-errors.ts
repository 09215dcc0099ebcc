import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-client';

/** The server's refusals this page explains in the reader's language; anything else as the server said it. */
const KNOWN = new Set([
  'email_taken',
  'confirmation_mismatch',
  'conflict',
  'forbidden',
  'not_found',
  'validation_error',
]);

export function adminUserError(error: unknown, t: TFunction<'admin-users'>): string {
  if (error instanceof ApiError && KNOWN.has(error.code)) {
    // A conflict's reason (last administrator, too few credits, balance off) is specific: the server's words.
    if (error.code === 'conflict' || error.code === 'validation_error') return error.message;
    return t(`error_${error.code}`);
  }
  return error instanceof Error && error.message ? error.message : t('error_generic');
}
