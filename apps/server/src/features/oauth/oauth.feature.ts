import type { SocialProvider } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import type { AccountSecurityDeps } from '../auth/account-security-deps.js';
import { createAdapters } from './oauth-adapters.js';
import { callbackPath, configuredSocialProviders } from './oauth-providers.js';
import { oauthRoutes } from './oauth.routes.js';

/** Social and OpenID sign-in (SPEC 2): the providers whose env is complete, with ALLOW_SOCIAL_LOGIN on. */
export async function registerOauth(app: FastifyInstance, deps: AccountSecurityDeps): Promise<void> {
  const { env } = deps;
  const providers = configuredSocialProviders(env);
  const extraCallbacks = new Map<string, SocialProvider>();
  for (const provider of providers) {
    const path = callbackPath(env, provider);
    if (path !== `/oauth/${provider}/callback`) extraCallbacks.set(path, provider);
  }
  await app.register(oauthRoutes, {
    db: app.db,
    deps,
    adapters: createAdapters(env, deps.serverOrigin, providers),
    extraCallbacks,
    policy: {
      registration: env.ALLOW_SOCIAL_REGISTRATION ?? false,
      linking: env.ALLOW_SOCIAL_ACCOUNT_LINKING ?? false,
      allowedDomains: deps.config.registration?.allowedDomains,
    },
  });
}
