import type { StartupConfig } from '@confab/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startupConfigQueryKey } from '../features/config/use-startup-config';
import { track } from './analytics';
import { setAccessToken } from './api-client';
import { queryClient } from './query-client';

interface Sent {
  url: string;
  method: string;
  auth: string | null;
  keepalive: boolean;
  body: unknown;
}

function installFetch(respond: () => Response | Promise<Response> = () => new Response(null, { status: 204 })) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({
        url,
        method: init.method ?? 'GET',
        auth: new Headers(init.headers).get('Authorization'),
        keepalive: init.keepalive === true,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
      });
      return respond();
    }),
  );
  return sent;
}

function installWindow(): { dataLayer?: unknown[] } {
  const fakeWindow: { dataLayer?: unknown[]; dispatchEvent: () => boolean } = { dispatchEvent: () => true };
  vi.stubGlobal('window', fakeWindow);
  return fakeWindow;
}

const withGtm = (analyticsGtmId?: string) =>
  queryClient.setQueryData<Partial<StartupConfig>>(startupConfigQueryKey, analyticsGtmId ? { analyticsGtmId } : {});

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => {
  setAccessToken('token-1');
  withGtm(undefined);
});

afterEach(() => {
  setAccessToken(null);
  queryClient.clear();
  vi.unstubAllGlobals();
});

describe('track', () => {
  it("posts SPEC 7's beacon {type, chatId, metadata} to /api/events with the bearer token, as a keepalive beacon", async () => {
    const sent = installFetch();
    track('meme_downloaded', { type: 'video' });
    track('chat_deleted', { chatId: 'c0ffee00-0000-4000-8000-000000000001' });
    await flush();
    expect(sent).toEqual([
      {
        url: '/api/events',
        method: 'POST',
        auth: 'Bearer token-1',
        keepalive: true,
        body: { type: 'meme_downloaded', metadata: { type: 'video' } },
      },
      {
        url: '/api/events',
        method: 'POST',
        auth: 'Bearer token-1',
        keepalive: true,
        body: { type: 'chat_deleted', chatId: 'c0ffee00-0000-4000-8000-000000000001', metadata: {} },
      },
    ]);
  });

  it('tells only Tag Manager of an event the server records itself (a share link it made)', async () => {
    const sent = installFetch();
    const page = installWindow();
    withGtm('GTM-TEST123');
    track('chat_shared', { chatId: 'c1' }, { isRecordedByServer: true });
    await flush();
    expect(sent).toEqual([]);
    expect(page.dataLayer).toEqual([{ event: 'chat_shared', chatId: 'c1' }]);
  });

  it('pushes to the dataLayer only when the startup config names a Tag Manager container', async () => {
    installFetch();
    const page = installWindow();
    track('meme_liked');
    expect(page.dataLayer).toBeUndefined();

    withGtm('GTM-TEST123');
    track('meme_expanded', { is_expanded: true });
    track('meme_expanded', { from: 'dialog' });
    expect(page.dataLayer).toEqual([
      { event: 'meme_expanded', is_expanded: true },
      { event: 'meme_expanded', from: 'dialog' },
    ]);
  });

  it('never throws: a failing network, an error answer and a malformed event are all swallowed', async () => {
    const sent = installFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    expect(() => track('meme_disliked')).not.toThrow();
    installFetch(() => new Response('{"message":"boom"}', { status: 500 }));
    expect(() => track('meme_liked')).not.toThrow();
    await flush();
    expect(sent).toHaveLength(1);

    const later = installFetch();
    const tooMany = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i]));
    expect(() => track('meme_liked', tooMany)).not.toThrow();
    expect(() => track('not_an_event' as 'meme_liked')).not.toThrow();
    await flush();
    expect(later).toEqual([]);
  });

  it('sends nothing to the server when nobody is signed in (a beacon must not start a sign-in), but still to Tag Manager', async () => {
    setAccessToken(null);
    const sent = installFetch();
    const page = installWindow();
    withGtm('GTM-TEST123');
    track('chat_shared');
    await flush();
    expect(sent).toEqual([]);
    expect(page.dataLayer).toEqual([{ event: 'chat_shared' }]);
  });
});
