import { SOCIAL_PROVIDERS, type SocialProvider } from '@confab/shared';
import { generateCodeVerifier, generateState } from 'arctic';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/database.js';
import { TWO_FACTOR } from '@confab/shared';
import { sendRouteNotFound } from '../../platform/errors.js';
import type { AccountSecurityDeps } from '../auth/account-security-deps.js';
import { clientOf, isSecureRequest, setRefreshCookie } from '../auth/auth-cookies.js';
import { issueAuthToken } from '../auth/auth-tokens.repo.js';
import { OAuthRefusal, type OAuthErrorCode } from './oauth-errors.js';
import { FLOW_COOKIE, FLOW_TTL_MS, openFlow, sameState, sealFlow } from './oauth-flow-cookie.js';
import type { OAuthProviderAdapter } from './oauth-types.js';
import { resolveSocialUser, type SocialPolicy } from './social-sign-in.js';

export interface OAuthRoutesOptions {
  db: Db;
  deps: AccountSecurityDeps;
  adapters: Map<SocialProvider, OAuthProviderAdapter>;
  /** Callback paths configured outside `/oauth/<provider>/callback`, with their provider. */
  extraCallbacks: Map<string, SocialProvider>;
  policy: SocialPolicy;
}

/**
 * GET /oauth/:provider → the provider, with state, PKCE and nonce sealed in a short-lived cookie.
 * GET|POST /oauth/:provider/callback → checks, exchange, account, session → the web app.
 * Every failure lands on /login?redirect=false&error=<code>; unconfigured providers are 404 JSON.
 */
export async function oauthRoutes(app: FastifyInstance, options: OAuthRoutesOptions): Promise<void> {
  const { db, deps, adapters, extraCallbacks, policy } = options;
  const client = deps.clientOrigin.replace(/\/+$/, '');
  const cookiePath = [...extraCallbacks.keys()].some((path) => !path.startsWith('/oauth/')) ? '/' : '/oauth';
  const perIp = deps.limiter({
    keyPrefix: 'oauth_ip',
    points: deps.env.LOGIN_IP_MAX,
    durationSeconds: deps.env.LOGIN_WINDOW * 60,
  });

  // Apple's form_post callback; scoped to these routes only.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 64 * 1024 },
    (_req, body, done) => done(null, body),
  );

  const fail = (reply: FastifyReply, code: OAuthErrorCode) =>
    reply.header('cache-control', 'no-store').redirect(`${client}/login?redirect=false&error=${code}`, 302);

  const start = async (provider: SocialProvider, request: FastifyRequest, reply: FastifyReply) => {
    const adapter = adapters.get(provider);
    if (!adapter) return sendProviderNotConfigured(request, reply, provider);
    const checks = { state: generateState(), codeVerifier: generateCodeVerifier(), nonce: generateState() };
    let url: URL;
    try {
      url = await adapter.authorizationUrl(checks);
    } catch (err) {
      request.log.warn({ err, provider }, 'social sign-in could not start (provider discovery failed?)');
      return fail(reply, 'oauth_failed');
    }
    // A cross-site form POST (Apple) only carries a SameSite=None cookie, which must be Secure.
    const sameSite = adapter.formPost ? 'none' : 'lax';
    reply.setCookie(FLOW_COOKIE, sealFlow(provider, checks, deps.secrets.credsKey), {
      httpOnly: true,
      sameSite,
      secure: adapter.formPost || isSecureRequest(request),
      path: cookiePath,
      maxAge: FLOW_TTL_MS / 1000,
    });
    return reply.header('cache-control', 'no-store').redirect(url.href, 302);
  };

  const finish = async (provider: SocialProvider, request: FastifyRequest, reply: FastifyReply) => {
    const adapter = adapters.get(provider);
    if (!adapter) return sendProviderNotConfigured(request, reply, provider);
    const params =
      request.method === 'POST' && typeof request.body === 'string'
        ? new URLSearchParams(request.body)
        : new URL(request.url, 'http://x').searchParams;
    const sealed = request.cookies[FLOW_COOKIE];
    // One attempt per flow: whatever happens next, the checks are spent.
    reply.clearCookie(FLOW_COOKIE, { path: cookiePath });

    if (await perIp.consume(request.ip)) return fail(reply, 'rate_limited');
    if (params.has('error'))
      return fail(reply, params.get('error') === 'access_denied' ? 'oauth_denied' : 'oauth_failed');
    const checks = openFlow(sealed, provider, deps.secrets.credsKey);
    if (!checks || !sameState(checks.state, params.get('state'))) return fail(reply, 'oauth_state_invalid');

    try {
      const profile = await adapter.profile(params, checks);
      const user = await resolveSocialUser(db, provider, profile, policy);
      // A linked local account with two-factor on still owes its second factor.
      if (user.two_factor_enabled === 1) {
        const tempToken = await issueAuthToken(db.kysely, {
          userId: user.id,
          kind: 'two_factor_temp',
          ttlMs: TWO_FACTOR.tempTokenTtlMs,
        });
        return reply
          .header('cache-control', 'no-store')
          .redirect(`${client}/login/2fa?tempToken=${encodeURIComponent(tempToken)}`, 302);
      }
      setRefreshCookie(request, reply, await deps.auth.startSession(user, clientOf(request)));
      return reply.header('cache-control', 'no-store').redirect(`${client}/c/new`, 302);
    } catch (err) {
      if (err instanceof OAuthRefusal) {
        request.log.info({ provider, code: err.code }, 'social sign-in refused');
        return fail(reply, err.code);
      }
      request.log.warn({ err, provider }, 'social sign-in failed');
      return fail(reply, 'oauth_failed');
    }
  };

  type WithProvider = FastifyRequest<{ Params: { provider: string } }>;
  const byParam = (request: WithProvider, reply: FastifyReply) =>
    finish(request.params.provider as SocialProvider, request, reply);

  app.get('/oauth/:provider', (request: WithProvider, reply) =>
    start(request.params.provider as SocialProvider, request, reply),
  );
  // SPEC 7's sign-in paths for Google and Facebook: the same start as /oauth/<provider>.
  for (const provider of ['google', 'facebook'] as const) {
    app.get(`/api/auth/${provider}`, (request, reply) => start(provider, request, reply));
  }
  app.get('/oauth/:provider/callback', byParam);
  app.post('/oauth/:provider/callback', byParam);
  for (const [path, provider] of extraCallbacks) {
    app.route({ method: ['GET', 'POST'], url: path, handler: (request, reply) => finish(provider, request, reply) });
  }
  // Not the web app: an unknown /oauth path is an API 404, even where the SPA serves other GETs.
  app.all('/oauth', sendRouteNotFound);
  app.all('/oauth/*', sendRouteNotFound);
}

const PROVIDER_NAMES: Record<SocialProvider, string> = {
  discord: 'Discord',
  facebook: 'Facebook',
  github: 'GitHub',
  google: 'Google',
  apple: 'Apple',
  openid: 'OpenID',
  linkedin: 'LinkedIn',
};

/**
 * A provider this product knows but this server has not configured: a 404 that says so, for the
 * administrator reading a link that does not work. Any other name is just an unknown route.
 */
function sendProviderNotConfigured(request: FastifyRequest, reply: FastifyReply, provider: string) {
  if (!(SOCIAL_PROVIDERS as readonly string[]).includes(provider)) return sendRouteNotFound(request, reply);
  return reply.status(404).send({
    code: 'not_found',
    message: `Sign-in with ${PROVIDER_NAMES[provider as SocialProvider]} is not configured on this server.`,
  });
}
