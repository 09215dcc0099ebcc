import { messageText, NO_PARENT } from '@confab/shared';
import {
  startFirecrawlFake,
  startKeyedSearchFake,
  startOpenAISimulator,
  toolResultsOf,
  type FirecrawlFake,
  type KeyedSearchFake,
  type OpenAISimulator,
} from '@confab/testkit';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClient } from './http-client.js';
import { finalFrame, readSse } from './sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * Issue 41: a keyed provider the administrator leaves to each user (Tavily, `tavilyApiKey:
 * user_provided`, its URL a local fake), and pages read by a Firecrawl-compatible scraper. The
 * tool asks each user for their key through the tool-auth flow; a user without one is told so.
 */
const PAGE_URL = 'https://example.org/boiling';

describeEachDialect('web search with a per-user key and a scraper', (dialect) => {
  let openai: OpenAISimulator;
  let tavily: KeyedSearchFake;
  let firecrawl: FirecrawlFake;
  let server: TestServer;
  let alice: TestClient;

  beforeAll(async () => {
    [openai, tavily, firecrawl] = await Promise.all([
      startOpenAISimulator({ apiKey: 'sk-test' }),
      startKeyedSearchFake({
        flavour: 'tavily',
        apiKey: 'tvly-alice',
        results: [{ title: 'Boiling', url: PAGE_URL, content: 'Snippet.' }],
      }),
      startFirecrawlFake({ apiKey: 'fc-admin' }),
    ]);
    firecrawl.pages.set(PAGE_URL, {
      markdown: '# Boiling\n\nWater boils at 100 degrees Celsius at sea level.',
      title: 'Boiling',
    });
    server = await startTestServer({
      dialect,
      env: {
        OPENAI_API_KEY: 'sk-test',
        OPENAI_REVERSE_PROXY: openai.url,
        TITLE_CONVO: 'false',
        FIRECRAWL_API_KEY: 'fc-admin',
      },
      config: {
        webSearch: {
          tavilyApiKey: 'user_provided',
          tavilySearchUrl: tavily.url,
          firecrawlApiUrl: firecrawl.url,
          firecrawlApiKey: '${FIRECRAWL_API_KEY}',
          scraperType: 'firecrawl',
          rerankerType: 'something-else',
        },
      },
    });
    alice = new TestClient(server.baseUrl);
    await alice.register();
    openai.setResponder((request) => ({ text: `Model read: ${toolResultsOf(request).at(-1)?.text ?? 'nothing'}` }));
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([openai?.close(), tavily?.close(), firecrawl?.close()]);
  });

  const chat = () =>
    readSse(`${server.baseUrl}/api/agents/chat/openAI`, {
      token: alice.token,
      body: {
        text: 'Boiling?',
        endpoint: 'openAI',
        model: 'gpt-4o-mini',
        parentMessageId: NO_PARENT,
        conversationId: null,
        ephemeralAgent: { web_search: true },
      },
    });

  it('asks each user for the key, searches with theirs, and reads pages through the scraper', async () => {
    expect((await alice.get('/api/config')).json.webSearch).toEqual({
      enabled: true,
      provider: 'tavily',
      requiresUserKey: true,
      // The field the web app's key dialog installs the key under.
      keyField: 'TAVILY_API_KEY',
    });
    const listed = ((await alice.get('/api/agents/tools')).json as any[]).find((t) => t.pluginKey === 'web_search');
    expect(listed).toMatchObject({
      authenticated: false,
      authConfig: [{ authField: 'TAVILY_API_KEY', label: 'Tavily API key' }],
    });
    expect((await alice.get('/api/agents/tools/web_search/auth')).json).toEqual({
      authenticated: false,
      message: 'user_provided',
    });

    // Without a key the call tells the model (and the user) what is missing; nothing is searched.
    openai.enqueue({ toolCalls: [{ name: 'web_search', args: { query: 'boiling' } }] });
    const before = finalFrame((await chat()).frames)!.data.responseMessage;
    expect(messageText(before)).toContain('needs your credentials');
    expect(tavily.requests).toEqual([]);

    const saved = await alice.post('/api/user/plugins', {
      pluginKey: 'web_search',
      action: 'install',
      auth: { TAVILY_API_KEY: 'tvly-alice' },
    });
    expect(saved.status).toBe(200);
    expect((await alice.get('/api/agents/tools/web_search/auth')).json).toEqual({
      authenticated: true,
      message: 'user_provided',
    });

    openai.enqueue({ toolCalls: [{ name: 'web_search', args: { query: 'boiling' } }] });
    const reply = finalFrame((await chat()).frames)!.data.responseMessage;
    expect(tavily.requests.map((r) => [r.apiKey, r.body.query])).toEqual([['tvly-alice', 'boiling']]);
    expect(firecrawl.requests).toEqual([{ url: PAGE_URL, apiKey: 'fc-admin', formats: ['markdown'] }]);
    expect(messageText(reply)).toContain('Water boils at 100 degrees Celsius at sea level.');
    const attachment = reply.attachments.find((a: any) => a.type === 'web_search');
    expect(attachment.web_search.organic[0]).toMatchObject({
      index: 1,
      link: PAGE_URL,
      attribution: 'example.org',
      read: true,
    });
  });
});
