import { ApiError } from '../../lib/api-client';

export type LoginErrorKey = 'login_error_rate_limited' | 'login_error_banned' | 'login_error_server' | 'login_error_unverified' | 'login_error_generic';

/** SPEC 8: the login error message by status; anything else is the generic login error. */
export function getLoginErrorKey(status: number): LoginErrorKey {
  switch (status) {
    case 429:
      return 'login_error_rate_limited';
    case 403:
      return 'login_error_banned';
    case 500:
    case 503:
      return 'login_error_server';
    case 422:
      return 'login_error_unverified';
    default:
      return 'login_error_generic';
  }
}

/** The "status: server message" line under the error box title. */
export function describeApiError(error: unknown): { status: number; message: string } {
  if (error instanceof ApiError) return { status: error.status, message: error.message };
  return { status: 0, message: error instanceof Error ? error.message : String(error) };
}
