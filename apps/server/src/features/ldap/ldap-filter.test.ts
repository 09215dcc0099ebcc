import { describe, expect, it } from 'vitest';
import { buildSearchFilter } from './ldap-directory.js';

describe('buildSearchFilter', () => {
  it("wraps LibreChat's bare default in parentheses and keeps a full filter as written", () => {
    expect(buildSearchFilter('mail={{username}}', 'ada@confab.test')).toBe('(mail=ada@confab.test)');
    expect(buildSearchFilter('(&(objectClass=person)(uid={{username}}))', 'ada')).toBe(
      '(&(objectClass=person)(uid=ada))',
    );
  });

  it('escapes every filter metacharacter of the typed value (RFC 4515), at each placeholder', () => {
    expect(buildSearchFilter('(|(uid={{username}})(mail={{username}}))', '*)(\\\0')).toBe(
      '(|(uid=\\2a\\29\\28\\5c\\00)(mail=\\2a\\29\\28\\5c\\00))',
    );
  });
});
