/**
 * Bytes and time to a usable page: /login (the email field usable) and /c/new for a signed-in
 * user (the chat input usable). Cold: a new browser context, nothing cached. Warm: the same
 * context reloads the page. Time is from the navigation's start to the frame in which the field
 * is first in view and enabled; bytes are everything the load transferred until the network has
 * been quiet for half a second (lazy chunks and the page's first API calls included).
 */
import type { APIRequestContext, Browser } from 'playwright-core';
import { recorderScript, waitUntilReady } from './in-page.js';
import { NetworkMeter, type TransferTotals } from './network.js';

export interface PageLoad extends TransferTotals {
  page: string;
  cache: 'cold' | 'warm';
  usableMs: number;
}

const PAGES = [
  { path: '/login', ready: 'input[type="email"]', signedIn: false },
  { path: '/c/new', ready: '[data-testid="chat-input"]', signedIn: true },
] as const;

export async function measurePageLoads(browser: Browser, baseUrl: string): Promise<PageLoad[]> {
  const loads: PageLoad[] = [];
  for (const target of PAGES) {
    const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1440, height: 1000 } });
    try {
      await context.addInitScript(recorderScript({ usable: target.ready }));
      if (target.signedIn) await registerInContext(context.request);
      const page = await context.newPage();
      const network = await NetworkMeter.attach(page);
      for (const cache of ['cold', 'warm'] as const) {
        network.reset();
        if (cache === 'cold') await page.goto(target.path);
        else await page.reload();
        const usableMs = await waitUntilReady(page, 'usable');
        await network.settle();
        loads.push({ page: target.path, cache, usableMs, ...network.totals() });
      }
    } finally {
      await context.close();
    }
  }
  return loads;
}

/** A fresh account; the context's cookie jar keeps its session, as a browser's would. */
export async function registerInContext(request: APIRequestContext): Promise<string> {
  const password = 'correct horse battery';
  const email = `browser-bench-${Date.now()}-${Math.random().toString(36).slice(2)}@example.com`;
  const res = await request.post('/api/auth/register', {
    data: { name: 'Bench', email, password, confirm_password: password },
  });
  if (!res.ok()) throw new Error(`register: ${res.status()}`);
  const { user } = (await res.json()) as { user: { id: string } };
  return user.id;
}
