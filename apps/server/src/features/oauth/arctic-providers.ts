import { readFileSync } from 'node:fs';
import {
  Apple,
  CodeChallengeMethod,
  decodeIdToken,
  Discord,
  Facebook,
  Google,
  LinkedIn,
  OAuth2Client,
  type OAuth2Tokens,
} from 'arctic';
import type { Env } from '../../env.js';
import { callbackUrl, need } from './oauth-providers.js';
import type { OAuthProviderAdapter, SocialProfile } from './oauth-types.js';
import { fetchJson, isTrue, profileFromClaims, safePictureUrl } from './social-profile.js';

/**
 * The OAuth providers with fixed public endpoints, through arctic. PKCE (S256) where the provider
 * takes it (Google, Discord, GitHub); Apple and Google also bind a nonce into their ID token.
 */

function codeOf(params: URLSearchParams): string {
  const code = params.get('code');
  if (!code) throw new Error('The callback has no code');
  return code;
}

/** An ID token read from the token endpoint's own TLS answer; its nonce must be this flow's. */
function idTokenClaims(tokens: OAuth2Tokens, nonce?: string): Record<string, unknown> {
  const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
  if (nonce !== undefined && claims.nonce !== nonce) throw new Error('The ID token nonce does not match');
  return claims;
}

export function googleAdapter(env: Env, origin: string): OAuthProviderAdapter {
  const google = new Google(
    need(env.GOOGLE_CLIENT_ID),
    need(env.GOOGLE_CLIENT_SECRET),
    callbackUrl(origin, env.GOOGLE_CALLBACK_URL),
  );
  return {
    formPost: false,
    async authorizationUrl({ state, codeVerifier, nonce }) {
      const url = google.createAuthorizationURL(state, codeVerifier, ['openid', 'profile', 'email']);
      url.searchParams.set('nonce', nonce);
      return url;
    },
    async profile(params, checks) {
      const tokens = await google.validateAuthorizationCode(codeOf(params), checks.codeVerifier);
      return profileFromClaims(idTokenClaims(tokens, checks.nonce));
    },
  };
}

interface DiscordUser {
  id: string;
  username?: string;
  global_name?: string | null;
  email?: string | null;
  verified?: boolean;
  avatar?: string | null;
}

export function discordAdapter(env: Env, origin: string): OAuthProviderAdapter {
  const discord = new Discord(
    need(env.DISCORD_CLIENT_ID),
    need(env.DISCORD_CLIENT_SECRET),
    callbackUrl(origin, env.DISCORD_CALLBACK_URL),
  );
  return {
    formPost: false,
    async authorizationUrl({ state, codeVerifier }) {
      return discord.createAuthorizationURL(state, codeVerifier, ['identify', 'email']);
    },
    async profile(params, checks) {
      const tokens = await discord.validateAuthorizationCode(codeOf(params), checks.codeVerifier);
      const user = await fetchJson<DiscordUser>('https://discord.com/api/users/@me', tokens.accessToken());
      return {
        subject: String(user.id),
        email: user.email?.toLowerCase() ?? undefined,
        emailVerified: user.verified === true,
        name: user.global_name ?? user.username,
        username: user.username,
        picture: user.avatar
          ? safePictureUrl(`https://cdn.discordapp.com/avatars/${user.id}/${user.avatar}.png`)
          : undefined,
      };
    },
  };
}

interface GitHubUser {
  id: number;
  login?: string;
  name?: string | null;
  avatar_url?: string;
}
interface GitHubEmail {
  email: string;
  primary: boolean;
  verified: boolean;
}

/** GitHub or GitHub Enterprise (GITHUB_ENTERPRISE_BASE_URL), through arctic's generic client for PKCE. */
export function githubAdapter(env: Env, origin: string): OAuthProviderAdapter {
  const base = (env.GITHUB_ENTERPRISE_BASE_URL?.trim() || 'https://github.com').replace(/\/+$/, '');
  const api = env.GITHUB_ENTERPRISE_BASE_URL?.trim() ? `${base}/api/v3` : 'https://api.github.com';
  const client = new OAuth2Client(
    need(env.GITHUB_CLIENT_ID),
    need(env.GITHUB_CLIENT_SECRET),
    callbackUrl(origin, env.GITHUB_CALLBACK_URL),
  );
  const headers = { 'user-agent': 'Confab', 'x-github-api-version': '2022-11-28' };
  return {
    formPost: false,
    async authorizationUrl({ state, codeVerifier }) {
      return client.createAuthorizationURLWithPKCE(
        `${base}/login/oauth/authorize`,
        state,
        CodeChallengeMethod.S256,
        codeVerifier,
        ['read:user', 'user:email'],
      );
    },
    async profile(params, checks) {
      const tokens = await client.validateAuthorizationCode(
        `${base}/login/oauth/access_token`,
        codeOf(params),
        checks.codeVerifier,
      );
      const accessToken = tokens.accessToken();
      const user = await fetchJson<GitHubUser>(`${api}/user`, accessToken, headers);
      const emails = await fetchJson<GitHubEmail[]>(`${api}/user/emails`, accessToken, headers);
      const primary = emails.find((e) => e.primary && e.verified) ?? emails.find((e) => e.verified) ?? emails[0];
      return {
        subject: String(user.id),
        email: primary?.email.toLowerCase(),
        emailVerified: primary?.verified === true,
        name: user.name ?? user.login,
        username: user.login,
        picture: safePictureUrl(user.avatar_url),
      };
    },
  };
}

interface FacebookUser {
  id: string;
  name?: string;
  email?: string;
  picture?: { data?: { url?: string } };
}

export function facebookAdapter(env: Env, origin: string): OAuthProviderAdapter {
  const facebook = new Facebook(
    need(env.FACEBOOK_CLIENT_ID),
    need(env.FACEBOOK_CLIENT_SECRET),
    callbackUrl(origin, env.FACEBOOK_CALLBACK_URL),
  );
  return {
    formPost: false,
    async authorizationUrl({ state }) {
      return facebook.createAuthorizationURL(state, ['public_profile', 'email']);
    },
    async profile(params) {
      const tokens = await facebook.validateAuthorizationCode(codeOf(params));
      const user = await fetchJson<FacebookUser>(
        'https://graph.facebook.com/v16.0/me?fields=id,name,email,picture.type(large)',
        tokens.accessToken(),
      );
      return {
        subject: String(user.id),
        email: user.email?.toLowerCase(),
        // Facebook does not say whether the address was confirmed: never enough to link an account.
        emailVerified: false,
        name: user.name,
        username: undefined,
        picture: safePictureUrl(user.picture?.data?.url),
      };
    },
  };
}

/** LinkedIn's "Sign In with LinkedIn using OpenID Connect": its userinfo is a claim set. */
export function linkedinAdapter(env: Env, origin: string): OAuthProviderAdapter {
  const linkedin = new LinkedIn(
    need(env.LINKEDIN_CLIENT_ID),
    need(env.LINKEDIN_CLIENT_SECRET),
    callbackUrl(origin, env.LINKEDIN_CALLBACK_URL),
  );
  return {
    formPost: false,
    async authorizationUrl({ state }) {
      return linkedin.createAuthorizationURL(state, ['openid', 'profile', 'email']);
    },
    async profile(params) {
      const tokens = await linkedin.validateAuthorizationCode(codeOf(params));
      const claims = await fetchJson<Record<string, unknown>>(
        'https://api.linkedin.com/v2/userinfo',
        tokens.accessToken(),
      );
      return profileFromClaims(claims);
    },
  };
}

/** The .p8 key Apple hands out (PKCS#8 PEM), read when first needed. */
function readApplePrivateKey(path: string): Uint8Array {
  const pem = readFileSync(path, 'utf8');
  const base64 = pem.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '').replace(/\s+/g, '');
  return new Uint8Array(Buffer.from(base64, 'base64'));
}

/**
 * Sign in with Apple. Asking for name and email makes Apple answer with a form POST; the name
 * comes only then, in the `user` field, the first time a person signs in.
 */
export function appleAdapter(env: Env, origin: string): OAuthProviderAdapter {
  const redirect = callbackUrl(origin, env.APPLE_CALLBACK_URL);
  const apple = (key: Uint8Array) =>
    new Apple(need(env.APPLE_CLIENT_ID), need(env.APPLE_TEAM_ID), need(env.APPLE_KEY_ID), key, redirect);
  // The authorization URL needs no key; the token exchange signs a client secret with it.
  const urlBuilder = apple(new Uint8Array());
  let exchanger: Apple | undefined;
  const client = () => (exchanger ??= apple(readApplePrivateKey(need(env.APPLE_PRIVATE_KEY_PATH))));
  return {
    formPost: true,
    async authorizationUrl({ state, nonce }) {
      const url = urlBuilder.createAuthorizationURL(state, ['name', 'email']);
      url.searchParams.set('response_mode', 'form_post');
      url.searchParams.set('nonce', nonce);
      return url;
    },
    async profile(params, checks): Promise<SocialProfile> {
      const tokens = await client().validateAuthorizationCode(codeOf(params));
      const claims = idTokenClaims(tokens, checks.nonce);
      const profile = profileFromClaims(claims);
      const name = appleUserName(params.get('user'));
      return { ...profile, emailVerified: isTrue(claims.email_verified), name: name ?? profile.name };
    },
  };
}

function appleUserName(user: string | null): string | undefined {
  if (!user) return undefined;
  try {
    const parsed = JSON.parse(user) as { name?: { firstName?: string; lastName?: string } };
    const name = [parsed.name?.firstName, parsed.name?.lastName].filter(Boolean).join(' ').trim();
    return name || undefined;
  } catch {
    return undefined;
  }
}
