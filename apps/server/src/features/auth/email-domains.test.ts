import { describe, expect, it } from 'vitest';
import { isEmailDomainAllowed } from './email-domains.js';

describe('isEmailDomainAllowed', () => {
  it('allows every address when no domain is named', () => {
    expect(isEmailDomainAllowed('a@anything.org', undefined)).toBe(true);
    expect(isEmailDomainAllowed('a@anything.org', [])).toBe(true);
  });

  it('allows only the named domains, in any case, and not their look-alikes', () => {
    const domains = ['example.com', 'Team.Example.org'];
    expect(isEmailDomainAllowed('Ada@EXAMPLE.com', domains)).toBe(true);
    expect(isEmailDomainAllowed('ada@team.example.org', domains)).toBe(true);
    expect(isEmailDomainAllowed('ada@evil-example.com', domains)).toBe(false);
    expect(isEmailDomainAllowed('ada@example.com.evil.net', domains)).toBe(false);
    expect(isEmailDomainAllowed('ada@sub.example.com', domains)).toBe(false);
  });
});
