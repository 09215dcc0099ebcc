import type { StartupConfig } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { getSocialLogins } from './social-providers';

const config = {
  serverDomain: 'https://chat.example.com/',
  socialLogins: ['github', 'google', 'openid', 'discord', 'github'],
  githubLoginEnabled: true,
  googleLoginEnabled: false,
  openidLoginEnabled: true,
  discordLoginEnabled: true,
  openidLabel: 'Company SSO',
} as unknown as StartupConfig;

describe('getSocialLogins', () => {
  it('keeps the configured order, drops disabled and duplicate providers, links to the oauth path', () => {
    expect(getSocialLogins(config)).toEqual([
      { provider: 'github', label: 'GitHub', href: 'https://chat.example.com/oauth/github' },
      { provider: 'openid', label: 'Company SSO', href: 'https://chat.example.com/oauth/openid' },
      { provider: 'discord', label: 'Discord', href: 'https://chat.example.com/oauth/discord' },
    ]);
  });
});
