import type { ApiErrorBody, AuthResponse } from '@confab/shared';

/**
 * The one HTTP client of the web app (SPEC 7): JSON by default, a bearer access token held in
 * memory, and one silent refresh + retry on a 401. The refresh token itself lives in an
 * httpOnly cookie the browser sends to /api/auth/refresh; this module never sees it.
 */

export const TOKEN_UPDATED_EVENT = 'confab:token-updated';
const REFRESH_LOCK = 'confab:refresh-token';
const REFRESH_PATH = '/api/auth/refresh';

/** Calls that never trigger a refresh: a 401 from them is the answer itself, not an expiry. */
const NO_REFRESH_PREFIXES = ['/api/auth/2fa', '/api/auth/logout', '/api/auth/login', REFRESH_PATH];

export type ApiInit = RequestInit & { json?: unknown };

let accessToken: string | null = null;
let refreshInFlight: Promise<AuthResponse | null> | null = null;
let sessionListener: ((session: AuthResponse | null) => void) | null = null;
let unauthorizedHandler: (() => void) | null = null;

export function getAccessToken(): string | null {
  return accessToken;
}

/** Stores the access token and raises `confab:token-updated` (detail: the token or null). */
export function setAccessToken(token: string | null): void {
  accessToken = token;
  if (typeof window !== 'undefined') {
    window.dispatchEvent(new CustomEvent<string | null>(TOKEN_UPDATED_EVENT, { detail: token }));
  }
}

/** The auth store subscribes here to learn the user that comes back with every refresh. */
export function setSessionListener(listener: ((session: AuthResponse | null) => void) | null): void {
  sessionListener = listener;
}

/** Replaces the default "go to /login" (a full page load) with a router-aware handler. */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  unauthorizedHandler = handler;
}

export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly body: unknown;
  constructor(status: number, body: unknown, fallbackMessage = 'Request failed') {
    const parsed = isErrorBody(body) ? body : null;
    super(parsed?.message || fallbackMessage);
    this.name = 'ApiError';
    this.status = status;
    this.code = parsed?.code ?? (status === 0 ? 'network_error' : 'unknown_error');
    this.body = body;
  }
}

function isErrorBody(body: unknown): body is ApiErrorBody {
  return typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string';
}

function hasLocks(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.locks?.request === 'function';
}

async function postRefresh(): Promise<AuthResponse | null> {
  try {
    const response = await fetch(REFRESH_PATH, {
      method: 'POST',
      credentials: 'include',
      headers: { Accept: 'application/json' },
    });
    if (!response.ok) return null;
    const body = (await response.json().catch(() => null)) as Partial<AuthResponse> | null;
    return body?.token && body.user ? { token: body.token, user: body.user } : null;
  } catch {
    return null;
  }
}

/**
 * Exchanges the refresh cookie for a new session. Single-flight: parallel callers share one
 * request. A Web Lock serialises tabs, so two tabs never present the same rotating refresh
 * token (which the server would treat as reuse and revoke the whole sign-in).
 */
export function refreshSession(): Promise<AuthResponse | null> {
  if (refreshInFlight) return refreshInFlight;
  const run = async (): Promise<AuthResponse | null> => {
    const session = hasLocks() ? await navigator.locks.request(REFRESH_LOCK, postRefresh) : await postRefresh();
    setAccessToken(session?.token ?? null);
    sessionListener?.(session);
    return session;
  };
  refreshInFlight = run().finally(() => {
    refreshInFlight = null;
  });
  return refreshInFlight;
}

/** Single-flight refresh (see refreshSession); returns the new access token or null. */
export async function refreshAccessToken(): Promise<string | null> {
  const session = await refreshSession();
  return session?.token ?? null;
}

function buildRequest(init: ApiInit, token: string | null): RequestInit {
  const { json, headers: givenHeaders, ...rest } = init;
  const headers = new Headers(givenHeaders);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  let body = rest.body;
  if (json !== undefined) {
    body = JSON.stringify(json);
    if (!headers.has('Content-Type')) headers.set('Content-Type', 'application/json');
  }
  if (token && !headers.has('Authorization')) headers.set('Authorization', `Bearer ${token}`);
  return { credentials: 'same-origin', ...rest, headers, ...(body !== undefined ? { body } : {}) };
}

function canRefreshFor(path: string): boolean {
  const pathname = path.split('?')[0] ?? path;
  return !NO_REFRESH_PREFIXES.some((prefix) => pathname.startsWith(prefix));
}

function isSharePage(): boolean {
  return typeof window !== 'undefined' && window.location.pathname.startsWith('/share/');
}

function handleFailedRefresh(path: string): void {
  if (isSharePage()) {
    console.warn(`[api] token refresh failed for ${path}; staying on the shared page`);
    return;
  }
  if (unauthorizedHandler) {
    unauthorizedHandler();
  } else if (typeof window !== 'undefined' && window.location.pathname !== '/login') {
    window.location.assign('/login');
  }
}

/**
 * fetch with JSON defaults and the bearer header. On a 401 (except for login, logout, refresh
 * and 2FA calls) it refreshes once and retries once; a failed refresh sends the user to /login
 * (on /share/ pages it is only logged).
 */
export async function apiFetch(path: string, init: ApiInit = {}): Promise<Response> {
  const sentWith = accessToken;
  const response = await fetch(path, buildRequest(init, sentWith));
  if (response.status !== 401 || !canRefreshFor(path)) return response;

  // Another caller may already have refreshed while this request was in flight.
  const token = accessToken && accessToken !== sentWith ? accessToken : await refreshAccessToken();
  if (!token) {
    handleFailedRefresh(path);
    return response;
  }
  return fetch(path, buildRequest(init, token));
}

async function readBody(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** apiFetch, then throws ApiError on a non-2xx answer and parses the JSON body. */
export async function apiJson<T>(path: string, init: ApiInit = {}): Promise<T> {
  let response: Response;
  try {
    response = await apiFetch(path, init);
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError(0, null, err instanceof Error ? err.message : 'Network error');
  }
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body, response.statusText || `HTTP ${response.status}`);
  return body as T;
}
