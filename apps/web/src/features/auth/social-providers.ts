import { SOCIAL_PROVIDERS, type SocialProvider, type StartupConfig } from '@confab/shared';

export { SOCIAL_PROVIDERS, type SocialProvider };

/** A provider's name as people write it (OpenID's button takes the configured label instead). */
export const SOCIAL_PROVIDER_LABELS: Record<SocialProvider, string> = {
  discord: 'Discord',
  facebook: 'Facebook',
  github: 'GitHub',
  google: 'Google',
  apple: 'Apple',
  linkedin: 'LinkedIn',
  openid: 'OpenID',
};

export interface SocialLogin {
  provider: SocialProvider;
  label: string;
  href: string;
}

function isEnabled(config: StartupConfig, provider: SocialProvider): boolean {
  return config[`${provider}LoginEnabled`] === true;
}

/** The enabled social logins in the configured order, each linking to the server's oauth path. */
export function getSocialLogins(config: StartupConfig): SocialLogin[] {
  const seen = new Set<string>();
  const result: SocialLogin[] = [];
  for (const name of config.socialLogins) {
    const provider = SOCIAL_PROVIDERS.find((p) => p === name);
    if (!provider || seen.has(provider) || !isEnabled(config, provider)) continue;
    seen.add(provider);
    result.push({
      provider,
      label: provider === 'openid' ? config.openidLabel || 'OpenID' : SOCIAL_PROVIDER_LABELS[provider],
      href: `${config.serverDomain.replace(/\/$/, '')}/oauth/${provider}`,
    });
  }
  return result;
}
