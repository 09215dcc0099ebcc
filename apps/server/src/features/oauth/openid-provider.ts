import * as client from 'openid-client';
import type { Env } from '../../env.js';
import { callbackUrl, need } from './oauth-providers.js';
import type { OAuthProviderAdapter } from './oauth-types.js';
import { profileFromClaims } from './social-profile.js';

/**
 * Any OpenID Connect provider (OPENID_ISSUER), through openid-client: discovery, PKCE (S256),
 * state and nonce, the ID token checked by the library, then the userinfo claims.
 */
export function openidAdapter(env: Env, origin: string): OAuthProviderAdapter {
  const issuer = new URL(need(env.OPENID_ISSUER));
  const redirectUri = callbackUrl(origin, env.OPENID_CALLBACK_URL);
  let discovered: Promise<client.Configuration> | undefined;

  // Discovered on first use and kept; a failed discovery is retried by the next sign-in.
  const configuration = () =>
    (discovered ??= discover(issuer, need(env.OPENID_CLIENT_ID), need(env.OPENID_CLIENT_SECRET)).catch(
      (err: unknown) => {
        discovered = undefined;
        throw err;
      },
    ));

  return {
    formPost: false,
    async authorizationUrl({ state, codeVerifier, nonce }) {
      return client.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: env.OPENID_SCOPE,
        state,
        nonce,
        code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async profile(params, checks) {
      const config = await configuration();
      // The registered redirect URI, not the URL the request reached us by (a proxy may rewrite it).
      const currentUrl = new URL(redirectUri);
      currentUrl.search = params.toString();
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
      });
      const idClaims: Record<string, unknown> = tokens.claims() ?? {};
      const sub = typeof idClaims.sub === 'string' ? idClaims.sub : '';
      const userinfo = config.serverMetadata().userinfo_endpoint
        ? await client.fetchUserInfo(config, tokens.access_token, sub)
        : {};
      return profileFromClaims(
        { ...idClaims, ...userinfo, sub },
        { usernameClaim: env.OPENID_USERNAME_CLAIM, nameClaim: env.OPENID_NAME_CLAIM },
      );
    },
  };
}

async function discover(issuer: URL, clientId: string, clientSecret: string): Promise<client.Configuration> {
  // Plain http only when the administrator configured an http issuer (a provider on the local network).
  const insecure = issuer.protocol === 'http:';
  const options = insecure ? { execute: [client.allowInsecureRequests] } : undefined;
  const found = await client.discovery(issuer, clientId, clientSecret, undefined, options);
  const metadata = found.serverMetadata();
  // RFC 8414: no list means client_secret_basic only; prefer it when offered, as most providers do.
  const methods = metadata.token_endpoint_auth_methods_supported ?? ['client_secret_basic'];
  const auth = methods.includes('client_secret_basic')
    ? client.ClientSecretBasic(clientSecret)
    : client.ClientSecretPost(clientSecret);
  const config = new client.Configuration(metadata, clientId, clientSecret, auth);
  if (insecure) client.allowInsecureRequests(config);
  return config;
}
