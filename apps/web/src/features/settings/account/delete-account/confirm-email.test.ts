import { describe, expect, it } from 'vitest';
import { emailMatches } from './confirm-email';

describe('emailMatches', () => {
  it('accepts the email in any case with spaces around it', () => {
    expect(emailMatches('  Ada@Example.COM ', 'ada@example.com')).toBe(true);
  });
  it('refuses anything else, and an empty field', () => {
    expect(emailMatches('ada@example.co', 'ada@example.com')).toBe(false);
    expect(emailMatches('', '')).toBe(false);
    expect(emailMatches('   ', 'ada@example.com')).toBe(false);
  });
});
