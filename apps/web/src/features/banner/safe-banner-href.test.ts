import { describe, expect, it } from 'vitest';
import { isSafeBannerHref } from './safe-banner-href';

describe('isSafeBannerHref', () => {
  it('follows http(s) and mailto links only', () => {
    expect(isSafeBannerHref('https://status.example.com')).toBe(true);
    expect(isSafeBannerHref('http://example.com/a?b=c')).toBe(true);
    expect(isSafeBannerHref('mailto:help@example.com')).toBe(true);
    expect(isSafeBannerHref('javascript:alert(1)')).toBe(false);
    expect(isSafeBannerHref(' JavaScript:alert(1)')).toBe(false);
    expect(isSafeBannerHref('data:text/html,<b>x</b>')).toBe(false);
    expect(isSafeBannerHref('/relative')).toBe(false);
  });
});
