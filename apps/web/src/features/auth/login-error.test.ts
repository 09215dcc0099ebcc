import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import { describeApiError, getLoginErrorKey } from './login-error';

describe('getLoginErrorKey', () => {
  it('maps the SPEC 8 statuses and everything else to the generic error', () => {
    expect(getLoginErrorKey(429)).toBe('login_error_rate_limited');
    expect(getLoginErrorKey(403)).toBe('login_error_banned');
    expect(getLoginErrorKey(500)).toBe('login_error_server');
    expect(getLoginErrorKey(422)).toBe('login_error_unverified');
    expect(getLoginErrorKey(401)).toBe('login_error_generic');
    expect(getLoginErrorKey(0)).toBe('login_error_generic');
  });
});

describe('describeApiError', () => {
  it('gives the status and the server message', () => {
    expect(describeApiError(new ApiError(401, { code: 'invalid_credentials', message: 'Email or password is incorrect.' }))).toEqual({
      status: 401,
      message: 'Email or password is incorrect.',
    });
  });
});
