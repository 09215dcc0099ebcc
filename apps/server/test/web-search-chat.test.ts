import { messageText, NO_PARENT, type WebSearchAttachment } from '@confab/shared';
import {
  scriptReply,
  startOpenAISimulator,
  startPageServer,
  startSearxngFake,
  toolResultsOf,
  type OpenAISimulator,
  type PageServer,
  type SearxngFake,
  WEB_SEARCH_ANSWER,
  WEB_SEARCH_QUERY,
} from '@confab/testkit';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { seedAgent } from './agent-seed.js';
import { TestClient } from './http-client.js';
import { finalFrame, readSse } from './sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * Issue 41: web search in a chat, end to end. A SearXNG fake finds pages on a local page server
 * (exempted by `allowedAddresses`), one on a second loopback server that is not (refused), one
 * too big (cut) and one that never finishes (abandoned after `scraperTimeout`); the model (the
 * OpenAI simulator) calls web_search and reads the passages; the reply stores the sources.
 */
const ARTICLE = `<!doctype html><html><head><title>Boiling point of water</title></head><body>
<article><h1>Boiling point of water</h1>
<p>Water boils at 100 degrees Celsius at sea level. The boiling point of water depends on the air pressure around it.</p>
<p>At high altitude the pressure is lower, so water boils at about 70 degrees Celsius on the summit of Everest.</p>
</article></body></html>`;
const SCRAPER_TIMEOUT = 1000;

const chatCompletions = (sim: OpenAISimulator) => sim.requests.filter((r) => r.path.endsWith('/chat/completions'));
const webSearchAttachments = (message: any): WebSearchAttachment[] =>
  (message.attachments ?? []).filter((a: any) => a.type === 'web_search');

describeEachDialect('web search in a chat', (dialect) => {
  let openai: OpenAISimulator;
  let searx: SearxngFake;
  let pages: PageServer;
  let privatePages: PageServer;
  let server: TestServer;
  let client: TestClient;
  let userId: string;

  beforeAll(async () => {
    [openai, searx, pages, privatePages] = await Promise.all([
      startOpenAISimulator({ apiKey: 'sk-test' }),
      startSearxngFake(),
      startPageServer({
        '/article': { html: ARTICLE },
        '/huge': { hugeBytes: 8 * 1024 * 1024 },
        '/slow': { stall: true },
      }),
      startPageServer({ '/secret': { html: '<p>internal boiling secrets</p>' } }),
    ]);
    searx.results = [
      { title: 'Boiling point of water', url: pages.urlFor('/article'), content: 'Water boils at 100 degrees.' },
      { title: 'Internal wiki', url: privatePages.urlFor('/secret'), content: 'Internal notes on boiling.' },
      { title: 'A very long page', url: pages.urlFor('/huge'), content: 'Long.' },
      { title: 'A slow page', url: pages.urlFor('/slow'), content: 'Slow boiling notes.' },
    ];
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: openai.url, TITLE_CONVO: 'false' },
      config: {
        webSearch: {
          searxngInstanceUrl: searx.url,
          allowedAddresses: [pages.hostPort],
          scraperTimeout: SCRAPER_TIMEOUT,
        },
      },
    });
    client = new TestClient(server.baseUrl);
    ({ id: userId } = (await client.register()).user as { id: string });
  });
  afterAll(async () => {
    await server?.close();
    await Promise.all([openai?.close(), searx?.close(), pages?.close(), privatePages?.close()]);
  });
  beforeEach(() => {
    openai.reset();
    searx.failWith = undefined;
    searx.requests.length = 0;
    pages.requested.length = 0;
    privatePages.requested.length = 0;
    // The model answers a tool result with a line that cites the first source.
    openai.setResponder((request) =>
      toolResultsOf(request).length ? { text: 'Water boils at 100 °C at sea level [1].' } : { text: 'No search.' },
    );
  });

  const chat = (body: Record<string, unknown>, path = '/api/agents/chat/openAI') =>
    readSse(`${server.baseUrl}${path}`, {
      token: client.token,
      body: { endpoint: 'openAI', model: 'gpt-4o-mini', parentMessageId: NO_PARENT, conversationId: null, ...body },
    });
  const storedReply = async (reply: any) =>
    (await client.get(`/api/messages/${reply.conversationId}`)).json.find((m: any) => m.messageId === reply.messageId);

  it('searches, reads the allowed pages (refusing a private one, cutting a huge one, abandoning a slow one), and stores the sources', async () => {
    openai.enqueue({ toolCalls: [{ id: 'call_ws_1', name: 'web_search', args: { query: 'boiling point of water' } }] });
    const started = Date.now();
    const { frames } = await chat({
      text: 'At what temperature does water boil?',
      ephemeralAgent: { web_search: true },
    });
    const reply = finalFrame(frames)!.data.responseMessage;
    expect(searx.requests).toEqual([{ q: 'boiling point of water', format: 'json', safesearch: '1' }]);
    // The private page server was never contacted; the slow page did not hold the reply past the timeout by much.
    expect(privatePages.requested).toEqual([]);
    expect(pages.requested.sort()).toEqual(['/article', '/huge', '/slow']);
    expect(Date.now() - started).toBeLessThan(SCRAPER_TIMEOUT + 4000);

    // The passages reached the model, numbered, with how to cite them and what was not read.
    const toolText = toolResultsOf(chatCompletions(openai)[1]).at(-1)!.text;
    expect(toolText).toContain('[1] Boiling point of water (127.0.0.1)');
    expect(toolText).toContain('about 70 degrees Celsius on the summit of Everest');
    expect(toolText).toMatch(/Cite the sources you use inline as \[n\].*\[1\] to \[4\]/);
    expect(toolText).toContain('pages on local and private network addresses are refused');
    expect(toolText).toContain(`took longer than ${SCRAPER_TIMEOUT} ms and was abandoned`);
    expect(toolText).not.toContain('internal boiling secrets');
    expect(messageText(reply)).toContain('Water boils at 100 °C at sea level [1].');
    // Ranked by meaning with the configured embedding model (here the simulator's): the query and the passages in one request.
    const embedded = openai.requests.filter((r) => r.path.endsWith('/embeddings')).map((r) => (r.body as any).input);
    expect(embedded).toHaveLength(1);
    expect(embedded[0][0]).toBe('boiling point of water');
    expect(embedded[0].some((text: string) => text.includes('summit of Everest'))).toBe(true);

    // The sources: a live `attachment` frame and the stored reply's attachments, under the call.
    const live = frames.filter((f) => f.event === 'attachment').map((f) => f.data);
    const [attachment] = webSearchAttachments(reply);
    expect(live).toEqual([attachment]);
    expect(attachment).toMatchObject({
      type: 'web_search',
      toolCallId: 'call_ws_1',
      messageId: reply.messageId,
      conversationId: reply.conversationId,
      web_search: { turn: 0, query: 'boiling point of water' },
    });
    const organic = attachment!.web_search.organic;
    expect(organic.map((o) => [o.index, o.title, o.read, o.truncated ?? false])).toEqual([
      [1, 'Boiling point of water', true, false],
      [2, 'Internal wiki', false, false],
      [3, 'A very long page', true, true],
      [4, 'A slow page', false, false],
    ]);
    expect(organic[0]).toMatchObject({ link: pages.urlFor('/article'), attribution: '127.0.0.1' });
    expect(attachment!.web_search.errors.map((e) => e.url)).toEqual([
      privatePages.urlFor('/secret'),
      pages.urlFor('/slow'),
    ]);
    expect(webSearchAttachments(await storedReply(reply))).toEqual([attachment]);
  });

  it('numbers a second search of the same reply on from the first', async () => {
    openai.enqueue({ toolCalls: [{ id: 'call_a', name: 'web_search', args: { query: 'water' } }] });
    openai.enqueue({ toolCalls: [{ id: 'call_b', name: 'web_search', args: { query: 'everest' } }] });
    searx.results = searx.results.slice(0, 1);
    try {
      const { frames } = await chat({ text: 'Two searches', ephemeralAgent: { web_search: true } });
      const reply = finalFrame(frames)!.data.responseMessage;
      const found = webSearchAttachments(await storedReply(reply));
      expect(found.map((a) => [a.toolCallId, a.web_search.turn, a.web_search.organic.map((o) => o.index)])).toEqual([
        ['call_a', 0, [1]],
        ['call_b', 1, [2]],
      ]);
      expect(toolResultsOf(chatCompletions(openai)[2]).at(-1)!.text).toContain('[2] Boiling point of water');
    } finally {
      searx.results.length = 0;
      searx.results.push(
        { title: 'Boiling point of water', url: pages.urlFor('/article'), content: 'Water boils at 100 degrees.' },
        { title: 'Internal wiki', url: privatePages.urlFor('/secret'), content: 'Internal notes on boiling.' },
        { title: 'A very long page', url: pages.urlFor('/huge'), content: 'Long.' },
        { title: 'A slow page', url: pages.urlFor('/slow'), content: 'Slow boiling notes.' },
      );
    }
  });

  it('with the search service down, tells the model so and still answers', async () => {
    searx.failWith = 500;
    openai.enqueue({ toolCalls: [{ id: 'call_down', name: 'web_search', args: { query: 'anything' } }] });
    openai.setResponder((request) => {
      const result = toolResultsOf(request).at(-1)?.text ?? '';
      return {
        text: result.includes('search service is unavailable')
          ? 'I could not search the web just now, but from memory: 100 °C.'
          : 'Searched.',
      };
    });
    const { frames } = await chat({ text: 'Boiling?', ephemeralAgent: { web_search: true } });
    const reply = finalFrame(frames)!.data.responseMessage;
    expect(toolResultsOf(chatCompletions(openai)[1]).at(-1)!.text).toMatch(/^The search service is unavailable/);
    expect(messageText(reply)).toContain('I could not search the web just now');
    expect(pages.requested).toEqual([]);
    const [attachment] = webSearchAttachments(await storedReply(reply));
    expect(attachment!.web_search.organic).toEqual([]);
    expect(attachment!.web_search.errors[0]).toMatchObject({ kind: 'search' });
  });

  it('is a tool a stored agent lists and uses, and needs no key from the user with SearXNG', async () => {
    const tools = (await client.get('/api/agents/tools')).json as { pluginKey: string; authConfig: unknown[] }[];
    expect(tools.find((t) => t.pluginKey === 'web_search')).toMatchObject({ authConfig: [], authenticated: true });
    expect((await client.get('/api/agents/tools/web_search/auth')).json).toEqual({
      authenticated: true,
      message: 'system_defined',
    });
    const config = (await client.get('/api/config')).json;
    expect(config.webSearch).toEqual({ enabled: true, provider: 'searxng', requiresUserKey: false });

    const agentId = await seedAgent(server.db.kysely, userId, { tools: JSON.stringify(['web_search']) });
    openai.enqueue({ toolCalls: [{ id: 'call_agent', name: 'web_search', args: { query: 'boiling' } }] });
    const { frames } = await chat(
      { text: 'Search it', endpoint: 'agents', agent_id: agentId },
      '/api/agents/chat/agents',
    );
    const reply = finalFrame(frames)!.data.responseMessage;
    expect(webSearchAttachments(await storedReply(reply))[0]).toMatchObject({ toolCallId: 'call_agent' });
    expect(toolResultsOf(chatCompletions(openai)[1]).at(-1)!.text).toContain('[1] Boiling point of water');
  });

  it("plays the browser tests' scripted [[web-search]] reply: searches, then answers citing [1] and [2]", async () => {
    openai.setResponder(scriptReply);
    const { frames } = await chat({ text: 'Tell me [[web-search]]', ephemeralAgent: { web_search: true } });
    const reply = finalFrame(frames)!.data.responseMessage;
    expect(searx.requests.map((r) => r.q)).toEqual([WEB_SEARCH_QUERY]);
    expect(messageText(reply)).toContain(WEB_SEARCH_ANSWER);
    expect(webSearchAttachments(reply)).toHaveLength(1);
  });

  it('is not offered without the toggle', async () => {
    const { frames } = await chat({ text: 'No tools' });
    expect(messageText(finalFrame(frames)!.data.responseMessage)).toBe('No search.');
    expect(chatCompletions(openai)[0]!.body.tools ?? []).toEqual([]);
    expect(searx.requests).toEqual([]);
  });
});
