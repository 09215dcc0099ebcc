import { createServer } from 'node:net';
import { expect } from 'vitest';

/** A port free right now, so a server can be told its own DOMAIN_SERVER before it starts. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * A browser's cookie handling, enough for one sign-in: by name, across the test provider and the
 * server (both on 127.0.0.1; cookies ignore ports), expired cookies removed.
 */
export class CookieJar {
  readonly cookies = new Map<string, string>();

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = attributes.some((a) => {
        const [key = '', v = ''] = a.trim().split('=');
        if (key.toLowerCase() === 'max-age') return Number(v) <= 0;
        if (key.toLowerCase() === 'expires') return new Date(v).getTime() <= Date.now();
        return false;
      });
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', this.header());
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    this.store(response);
    return response;
  }
}

export function locationOf(response: Response, base: string): string {
  const location = response.headers.get('location');
  expect(location, `a redirect from ${response.url || base} (status ${response.status})`).toBeTruthy();
  return new URL(location!, base).href;
}

/**
 * Drives the test provider like a browser: from the server's /oauth/openid through the provider's
 * login form (the account's sub as the login) to the callback URL, which is returned unvisited so a
 * test can tamper with it or with the jar before following it.
 */
export async function walkToCallback(jar: CookieJar, serverBase: string, sub: string): Promise<string> {
  let response = await jar.fetch(`${serverBase}/oauth/openid`);
  expect(response.status).toBe(302);
  let url = locationOf(response, serverBase);
  for (let hop = 0; hop < 10; hop += 1) {
    if (url.startsWith(serverBase)) return url;
    response = await jar.fetch(url);
    if (response.status === 200) {
      const html = await response.text();
      const action = /<form id="oidc-login" method="post" action="([^"]+)"/.exec(html)?.[1];
      expect(action, 'the provider login form').toBeTruthy();
      response = await jar.fetch(new URL(action!, url).href, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ login: sub, password: 'anything' }).toString(),
      });
    }
    expect([302, 303]).toContain(response.status);
    url = locationOf(response, url);
  }
  throw new Error('The provider never sent the browser back');
}

/** Follows the callback: the redirect target (the web app's /c/new, /login/2fa or /login?error=…). */
export async function followCallback(jar: CookieJar, callbackUrl: string): Promise<URL> {
  const response = await jar.fetch(callbackUrl);
  expect(response.status).toBe(302);
  return new URL(locationOf(response, callbackUrl));
}
