import { describe, expect, it } from 'vitest';
import { getPolicyText } from './policy-content';

describe('getPolicyText', () => {
  it('joins lines with newlines and treats blank content as none', () => {
    expect(getPolicyText(['# Terms', 'Be nice.'])).toBe('# Terms\nBe nice.');
    expect(getPolicyText('Plain')).toBe('Plain');
    expect(getPolicyText('  ')).toBeNull();
    expect(getPolicyText([])).toBeNull();
    expect(getPolicyText(undefined)).toBeNull();
  });
});
