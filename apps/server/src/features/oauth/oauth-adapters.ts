import type { SocialProvider } from '@confab/shared';
import type { Env } from '../../env.js';
import {
  appleAdapter,
  discordAdapter,
  facebookAdapter,
  githubAdapter,
  googleAdapter,
  linkedinAdapter,
} from './arctic-providers.js';
import { openidAdapter } from './openid-provider.js';
import type { OAuthProviderAdapter } from './oauth-types.js';

const FACTORIES: Record<SocialProvider, (env: Env, serverOrigin: string) => OAuthProviderAdapter> = {
  discord: discordAdapter,
  facebook: facebookAdapter,
  github: githubAdapter,
  google: googleAdapter,
  apple: appleAdapter,
  openid: openidAdapter,
  linkedin: linkedinAdapter,
};

/** One adapter per configured provider; the others have no routes (404). */
export function createAdapters(
  env: Env,
  serverOrigin: string,
  providers: SocialProvider[],
): Map<SocialProvider, OAuthProviderAdapter> {
  return new Map(providers.map((provider) => [provider, FACTORIES[provider](env, serverOrigin)]));
}
