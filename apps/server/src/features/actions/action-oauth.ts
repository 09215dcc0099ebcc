import { createHmac, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import type { ActionAuth, ActionToken } from './action-executor.js';

/** How long a sign-in link stays good. */
export const SIGN_IN_TTL_MS = 10 * 60_000;

/** Where a user's OAuth token for an action is kept (tool credentials, encrypted). */
export const actionTokenKey = (actionId: string): string => `action_oauth_${actionId}`;

export const oauthCallbackPath = (actionId: string): string => `/api/actions/${actionId}/oauth/callback`;

interface StatePayload {
  /** user id */
  u: string;
  /** action id */
  a: string;
  /** expiry, epoch ms */
  e: number;
}

const sign = (key: string, body: string): string => createHmac('sha256', `action-oauth:${key}`).update(body).digest('base64url');

/**
 * The `state` of a sign-in: which user and action the returning code belongs to, signed with
 * the server's key, so the callback (a plain browser redirect, without our session) cannot be
 * pointed at someone else's account.
 */
export function createOAuthState(key: string, userId: string, actionId: string, now = Date.now()): string {
  const body = Buffer.from(JSON.stringify({ u: userId, a: actionId, e: now + SIGN_IN_TTL_MS } satisfies StatePayload)).toString('base64url');
  return `${body}.${sign(key, body)}`;
}

export function readOAuthState(key: string, state: string, now = Date.now()): { userId: string; actionId: string } | undefined {
  const [body, mac] = state.split('.');
  if (!body || !mac) return undefined;
  const expected = Buffer.from(sign(key, body));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as StatePayload;
    if (typeof payload.u !== 'string' || typeof payload.a !== 'string' || typeof payload.e !== 'number' || payload.e < now) return undefined;
    return { userId: payload.u, actionId: payload.a };
  } catch {
    return undefined;
  }
}

export function buildSignInUrl(auth: ActionAuth, clientId: string, redirectUri: string, state: string): string {
  const url = new URL(auth.authorization_url ?? '');
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', clientId);
  url.searchParams.set('redirect_uri', redirectUri);
  if (auth.scope) url.searchParams.set('scope', auth.scope);
  url.searchParams.set('state', state);
  return url.href;
}

const tokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().optional(),
  expires_in: z.coerce.number().positive().optional(),
  token_type: z.string().optional(),
});

/**
 * Exchanges the code at the token URL (`client_url`) with the configured method: the client's
 * credentials in the form body (default_post) or as HTTP Basic (basic_auth_header).
 */
export function exchangeCode(
  fetchImpl: typeof fetch,
  auth: ActionAuth,
  client: { id: string; secret: string },
  code: string,
  redirectUri: string,
  now = Date.now(),
): Promise<ActionToken> {
  return requestToken(fetchImpl, auth, client, { grant_type: 'authorization_code', code, redirect_uri: redirectUri }, now);
}

/** Trades a refresh token for a new access token, the same way; a token without a new refresh token keeps the old one. */
export async function refreshToken(fetchImpl: typeof fetch, auth: ActionAuth, client: { id: string; secret: string }, token: string, now = Date.now()): Promise<ActionToken> {
  const fresh = await requestToken(fetchImpl, auth, client, { grant_type: 'refresh_token', refresh_token: token }, now);
  return { ...fresh, refresh_token: fresh.refresh_token ?? token };
}

async function requestToken(
  fetchImpl: typeof fetch,
  auth: ActionAuth,
  client: { id: string; secret: string },
  grant: Record<string, string>,
  now: number,
): Promise<ActionToken> {
  const form = new URLSearchParams(grant);
  const headers: Record<string, string> = { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' };
  if (auth.token_exchange_method === 'basic_auth_header') {
    const encode = (v: string): string => encodeURIComponent(v);
    headers.Authorization = `Basic ${Buffer.from(`${encode(client.id)}:${encode(client.secret)}`).toString('base64')}`;
  } else {
    form.set('client_id', client.id);
    form.set('client_secret', client.secret);
  }
  const response = await fetchImpl(auth.client_url ?? '', { method: 'POST', headers, body: form.toString(), signal: AbortSignal.timeout(15_000) });
  const text = await response.text();
  if (!response.ok) throw new Error(`The token endpoint answered ${response.status}`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = Object.fromEntries(new URLSearchParams(text));
  }
  const parsed = tokenResponseSchema.safeParse(json);
  if (!parsed.success) throw new Error('The token endpoint did not answer with an access token');
  const { access_token, refresh_token, expires_in } = parsed.data;
  return { access_token, ...(refresh_token ? { refresh_token } : {}), ...(expires_in ? { expires_at: now + expires_in * 1000 } : {}) };
}
