import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, apiFetch, apiJson, getAccessToken, refreshAccessToken, setAccessToken, setSessionListener, setUnauthorizedHandler } from './api-client';

const user = { id: 'u1', email: 'a@example.com' };

function json(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

interface Call {
  url: string;
  auth: string | null;
  method: string;
  body: unknown;
}

/** A fake server: /api/auth/refresh hands out token-1, token-2, ...; other paths go to `handle`. */
function installFetch(handle: (call: Call) => Response | Promise<Response>, customRefresh?: () => Response | Promise<Response>) {
  let issued = 0;
  const refresh = customRefresh ?? (() => json(200, { token: `token-${++issued}`, user }));
  const calls: Call[] = [];
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers);
    const call = { url, auth: headers.get('Authorization'), method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined };
    calls.push(call);
    if (url === '/api/auth/refresh') return refresh();
    return handle(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return { calls, refreshCalls: () => calls.filter((c) => c.url === '/api/auth/refresh').length };
}

beforeEach(() => {
  setAccessToken(null);
  setSessionListener(null);
  setUnauthorizedHandler(null);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('refreshAccessToken', () => {
  it('shares one refresh request between parallel callers', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const server = installFetch(
      () => json(200, {}),
      async () => {
        await gate;
        return json(200, { token: 'fresh', user });
      },
    );
    const all = Promise.all([refreshAccessToken(), refreshAccessToken(), refreshAccessToken()]);
    release();
    expect(await all).toEqual(['fresh', 'fresh', 'fresh']);
    expect(server.refreshCalls()).toBe(1);
    expect(getAccessToken()).toBe('fresh');
  });

  it('starts a new request once the previous one has settled', async () => {
    const server = installFetch(() => json(200, {}));
    expect(await refreshAccessToken()).toBe('token-1');
    expect(await refreshAccessToken()).toBe('token-2');
    expect(server.refreshCalls()).toBe(2);
  });

  it('treats an answer without a token as signed out and tells the session listener', async () => {
    installFetch(
      () => json(200, {}),
      () => json(200, { message: 'Refresh token not provided' }),
    );
    setAccessToken('stale');
    const listener = vi.fn();
    setSessionListener(listener);
    expect(await refreshAccessToken()).toBeNull();
    expect(getAccessToken()).toBeNull();
    expect(listener).toHaveBeenCalledWith(null);
  });

  it('returns null when the refresh call fails or the network is down', async () => {
    installFetch(
      () => json(200, {}),
      () => json(401, { code: 'unauthorized', message: 'Invalid refresh token' }),
    );
    expect(await refreshAccessToken()).toBeNull();
    installFetch(
      () => json(200, {}),
      () => Promise.reject(new TypeError('Failed to fetch')),
    );
    expect(await refreshAccessToken()).toBeNull();
  });

  it('holds a Web Lock while refreshing when the browser offers one', async () => {
    const request = vi.fn(async (_name: string, callback: () => Promise<unknown>) => callback());
    vi.stubGlobal('navigator', { locks: { request } });
    installFetch(() => json(200, {}));
    expect(await refreshAccessToken()).toBe('token-1');
    expect(request).toHaveBeenCalledTimes(1);
    expect(request.mock.calls[0]?.[0]).toBe('confab:refresh-token');
  });
});

describe('apiFetch', () => {
  it('sends JSON with the bearer token', async () => {
    const server = installFetch(() => json(200, { ok: true }));
    setAccessToken('abc');
    await apiFetch('/api/things', { method: 'POST', json: { a: 1 } });
    expect(server.calls[0]).toEqual({ url: '/api/things', auth: 'Bearer abc', method: 'POST', body: { a: 1 } });
  });

  it('refreshes once on a 401 and retries with the new token', async () => {
    const server = installFetch((call) => (call.auth === 'Bearer token-1' ? json(200, { ok: true }) : json(401, { code: 'token_expired', message: 'expired' })));
    setAccessToken('old');
    const response = await apiFetch('/api/user');
    expect(response.status).toBe(200);
    expect(server.calls.map((c) => `${c.url} ${c.auth ?? '-'}`)).toEqual(['/api/user Bearer old', '/api/auth/refresh -', '/api/user Bearer token-1']);
  });

  it('lets parallel failing requests wait for one refresh', async () => {
    const server = installFetch((call) => (call.auth === 'Bearer token-1' ? json(200, {}) : json(401, { code: 'token_expired', message: 'expired' })));
    setAccessToken('old');
    const responses = await Promise.all([apiFetch('/api/a'), apiFetch('/api/b'), apiFetch('/api/c')]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 200]);
    expect(server.refreshCalls()).toBe(1);
  });

  it('retries only once: a second 401 is returned as it is', async () => {
    const server = installFetch(() => json(401, { code: 'unauthorized', message: 'no' }));
    setUnauthorizedHandler(() => undefined);
    const response = await apiFetch('/api/user');
    expect(response.status).toBe(401);
    expect(server.calls.filter((c) => c.url === '/api/user')).toHaveLength(2);
    expect(server.refreshCalls()).toBe(1);
  });

  it.each(['/api/auth/login', '/api/auth/logout', '/api/auth/2fa/verify-temp', '/api/auth/refresh'])('never refreshes for %s', async (path) => {
    const server = installFetch(() => json(401, { code: 'invalid_credentials', message: 'bad' }), () => json(401, {}));
    const response = await apiFetch(path, { method: 'POST' });
    expect(response.status).toBe(401);
    expect(server.calls).toHaveLength(1);
  });

  it('calls the unauthorized handler when the refresh fails', async () => {
    installFetch(
      () => json(401, { code: 'unauthorized', message: 'no' }),
      () => json(200, {}),
    );
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    await apiFetch('/api/user');
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });
});

describe('apiJson', () => {
  it('parses the JSON body of a success', async () => {
    installFetch(() => json(200, { appTitle: 'Confab' }));
    await expect(apiJson('/api/config')).resolves.toEqual({ appTitle: 'Confab' });
  });

  it('throws an ApiError with status, code, message and body', async () => {
    installFetch(() => json(429, { code: 'rate_limited', message: 'Too many attempts' }));
    const error = await apiJson('/api/auth/login', { method: 'POST', json: {} }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 429, code: 'rate_limited', message: 'Too many attempts', body: { code: 'rate_limited', message: 'Too many attempts' } });
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(apiJson('/api/config')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('returns undefined for an empty body', async () => {
    installFetch(() => new Response(null, { status: 204 }));
    await expect(apiJson('/api/thing', { method: 'DELETE' })).resolves.toBeUndefined();
  });
});
