import { OAUTH_ERROR_CODES } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import messages from '../../locales/en-US/oauth.json';
import { oauthErrorMessageKey } from './oauth-error-alert';

describe('oauthErrorMessageKey', () => {
  it('words every code the server sends, and anything else generically', () => {
    const codes = [...OAUTH_ERROR_CODES];
    for (const code of codes) expect(messages).toHaveProperty(oauthErrorMessageKey(code));
    expect(new Set(codes.map(oauthErrorMessageKey)).size).toBe(codes.length);
    expect(oauthErrorMessageKey('auth_failed')).toBe('error_generic');
    expect(oauthErrorMessageKey('__proto__')).toBe('error_generic');
  });
});
