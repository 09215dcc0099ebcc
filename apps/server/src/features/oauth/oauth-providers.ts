import { SOCIAL_PROVIDERS, type SocialProvider } from '@confab/shared';
import type { Env } from '../../env.js';

const has = (value: string | undefined) => Boolean(value?.trim());

/** Only configured providers get an adapter (configuredSocialProviders checked their env). */
export function need(value: string | undefined): string {
  if (!value?.trim()) throw new Error('A configured provider is missing a setting');
  return value.trim();
}

/**
 * Which env makes a provider usable, as LibreChat decides it: an id and a secret (Apple: the
 * team, key id and private key instead; OpenID: the issuer too).
 */
const IS_COMPLETE: Record<SocialProvider, (env: Env) => boolean> = {
  discord: (env) => has(env.DISCORD_CLIENT_ID) && has(env.DISCORD_CLIENT_SECRET),
  facebook: (env) => has(env.FACEBOOK_CLIENT_ID) && has(env.FACEBOOK_CLIENT_SECRET),
  github: (env) => has(env.GITHUB_CLIENT_ID) && has(env.GITHUB_CLIENT_SECRET),
  google: (env) => has(env.GOOGLE_CLIENT_ID) && has(env.GOOGLE_CLIENT_SECRET),
  apple: (env) =>
    has(env.APPLE_CLIENT_ID) && has(env.APPLE_TEAM_ID) && has(env.APPLE_KEY_ID) && has(env.APPLE_PRIVATE_KEY_PATH),
  openid: (env) => has(env.OPENID_ISSUER) && has(env.OPENID_CLIENT_ID) && has(env.OPENID_CLIENT_SECRET),
  linkedin: (env) => has(env.LINKEDIN_CLIENT_ID) && has(env.LINKEDIN_CLIENT_SECRET),
};

/**
 * The social and OpenID providers whose env is complete, when social sign-in is allowed. Like
 * LibreChat, ALLOW_SOCIAL_LOGIN is off unless set: no provider is configured without it.
 */
export function configuredSocialProviders(env: Env): SocialProvider[] {
  if (env.ALLOW_SOCIAL_LOGIN !== true) return [];
  return SOCIAL_PROVIDERS.filter((provider) => IS_COMPLETE[provider](env));
}

/** A callback URL setting is a path joined to DOMAIN_SERVER (LibreChat's convention); a full URL is kept. */
export function callbackUrl(serverOrigin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${serverOrigin.replace(/\/+$/, '')}/${pathOrUrl.replace(/^\/+/, '')}`;
}

const CALLBACK_SETTING = {
  discord: 'DISCORD_CALLBACK_URL',
  facebook: 'FACEBOOK_CALLBACK_URL',
  github: 'GITHUB_CALLBACK_URL',
  google: 'GOOGLE_CALLBACK_URL',
  apple: 'APPLE_CALLBACK_URL',
  openid: 'OPENID_CALLBACK_URL',
  linkedin: 'LINKEDIN_CALLBACK_URL',
} as const satisfies Record<SocialProvider, keyof Env>;

/** The path the provider sends the browser back to (`/oauth/<provider>/callback` unless configured otherwise). */
export function callbackPath(env: Env, provider: SocialProvider): string {
  return new URL(callbackUrl('http://x', env[CALLBACK_SETTING[provider]])).pathname;
}
