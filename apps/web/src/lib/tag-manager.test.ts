import { describe, expect, it } from 'vitest';
import { tagManagerScriptUrl } from './tag-manager';

describe('tagManagerScriptUrl', () => {
  it("is Tag Manager's script for a container id", () => {
    expect(tagManagerScriptUrl('GTM-ABC123')).toBe('https://www.googletagmanager.com/gtm.js?id=GTM-ABC123');
  });

  it('is nothing for anything else, so no other script can be loaded through it', () => {
    for (const id of ['', 'GTM-', 'gtm-abc', '"><script>', 'GTM-ABC&x=https://evil.example', 'UA-1234']) {
      expect(tagManagerScriptUrl(id)).toBeNull();
    }
  });
});
