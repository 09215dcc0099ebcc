import { NO_PARENT } from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { deltaText, finalFrame, readSse } from '../../../test/sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';

async function counts(server: TestServer) {
  const c = await server.db.kysely.selectFrom('conversations').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  const m = await server.db.kysely.selectFrom('messages').select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return { conversations: Number(c.n), messages: Number(m.n) };
}

const waitFor = async (check: () => Promise<boolean>, timeoutMs = 5000) => {
  const start = Date.now();
  while (!(await check())) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out');
    await new Promise((r) => setTimeout(r, 20));
  }
};

describeEachDialect('chat', (dialect) => {
  let sim: OpenAISimulator;
  let server: TestServer;
  let client: TestClient;
  const ask = (body: Record<string, unknown>, path = '/api/ask/openAI', c: TestClient = client) =>
    readSse(server.baseUrl + path, { token: c.token, body: { endpoint: 'openAI', model: 'gpt-4o-mini', parentMessageId: NO_PARENT, conversationId: null, ...body } });

  beforeAll(async () => {
    sim = await startOpenAISimulator({ apiKey: 'sk-test' });
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: sim.url, TITLE_CONVO: 'false' },
      config: {
        endpoints: {
          custom: [
            { name: 'Simulator', apiKey: 'sk-test', baseURL: sim.url, models: { default: ['sim-1'] } },
            { name: 'Titled', apiKey: 'sk-test', baseURL: sim.url, models: { default: ['sim-1'] }, titleConvo: true },
          ],
        },
      },
    });
    client = new TestClient(server.baseUrl);
    await client.register();
  });
  afterAll(async () => {
    await server.close();
    await sim.close();
  });
  beforeEach(() => sim.reset());

  it('stores the user message first, streams the reply, and ends with final', async () => {
    sim.enqueue({ text: 'Hello there, how can I help?', chunkSize: 3 });
    const { status, frames } = await ask({ text: '  Hi!  ' });
    expect(status).toBe(200);
    const created = frames[0]!.data;
    expect(created.created).toBe(true);
    expect(created.message.text).toBe('Hi!');
    expect(created.streamId).toBeTruthy();
    expect(frames.map((f) => f.id)).toEqual(frames.map((_, i) => i + 1));
    expect(deltaText(frames)).toBe('Hello there, how can I help?');
    // LibreChat's client needs the run step (runId = reply id, content index) before the deltas.
    const step = frames.find((f) => f.data.event === 'on_run_step')!;
    expect(step.data.data).toMatchObject({ runId: created.responseMessageId, index: 0, stepDetails: { type: 'message_creation' } });
    const firstDelta = frames.find((f) => f.data.event === 'on_message_delta')!;
    expect(step.id).toBeLessThan(firstDelta.id);
    expect(firstDelta.data.data.id).toBe(step.data.data.id);
    const final = finalFrame(frames)!.data;
    expect(final.responseMessage.text).toBe('Hello there, how can I help?');
    expect(final.responseMessage.unfinished).toBe(false);
    expect(final.responseMessage.finish_reason).toBe('stop');
    expect(final.responseMessage.parentMessageId).toBe(created.message.messageId);
    // No model writes titles here (TITLE_CONVO=false): the first message names the chat, with the reply.
    expect(final.conversation.title).toBe('Hi!');
    expect(final.responseMessage.usage.completionTokens).toBeGreaterThan(0);

    const stored = await client.get(`/api/messages/${final.conversation.conversationId}`);
    expect(stored.json.map((m: any) => [m.isCreatedByUser, m.text])).toEqual([
      [true, 'Hi!'],
      [false, 'Hello there, how can I help?'],
    ]);
    // History reaches the model as chat turns.
    expect(JSON.stringify(sim.requests.at(-1)!.body.messages.at(-1))).toContain('Hi!');
  });

  it('talks to a custom endpoint from the YAML config through /api/ask/custom', async () => {
    sim.enqueue({ text: 'custom reply' });
    const { frames } = await ask({ text: 'hi', endpoint: 'Simulator', endpointType: 'custom', model: 'sim-1', conversationId: 'new' }, '/api/ask/custom');
    const final = finalFrame(frames)!.data;
    expect(final.responseMessage.text).toBe('custom reply');
    expect(final.conversation.endpoint).toBe('Simulator');
    expect(final.conversation.endpointType).toBe('custom');
    expect(sim.requests.at(-1)!.body.model).toBe('sim-1');
  });

  it('generates a title after the first exchange, served by gen_title', async () => {
    sim.setResponder((req) => (String(req.messages[0]?.content).includes('short title') ? { text: '"Greetings Exchange".' } : { text: 'Hello!' }));
    const { frames } = await ask({ text: 'Hello', endpoint: 'Titled', endpointType: 'custom', model: 'sim-1' }, '/api/ask/custom');
    const conversationId = finalFrame(frames)!.data.conversation.conversationId;
    const res = await client.post('/api/convos/gen_title', { conversationId });
    expect(res.status).toBe(200);
    expect(res.json.title).toBe('Greetings Exchange');
    expect((await client.get(`/api/convos/${conversationId}`)).json.title).toBe('Greetings Exchange');
  });

  it("keeps a rename made before the model's title lands, and gen_title answers it", async () => {
    sim.setResponder((req) =>
      String(req.messages[0]?.content).includes('short title') ? { text: 'Model Title', firstTokenDelayMs: 600 } : { text: 'Hello!' },
    );
    const { frames } = await ask({ text: 'Hello', endpoint: 'Titled', endpointType: 'custom', model: 'sim-1' }, '/api/ask/custom');
    const conversationId = finalFrame(frames)!.data.conversation.conversationId;
    expect((await client.post('/api/convos/update', { arg: { conversationId, title: 'Named by me' } })).status).toBe(200);
    expect((await client.post('/api/convos/gen_title', { conversationId })).json.title).toBe('Named by me');
    expect((await client.get(`/api/convos/${conversationId}`)).json.title).toBe('Named by me');
  });

  it("gen_title answers 404 for another user's conversation and 400 for a missing id", async () => {
    sim.enqueue({ text: 'Mine.' });
    const { frames } = await ask({ text: 'A private question' });
    const conversationId = finalFrame(frames)!.data.conversation.conversationId;
    const other = new TestClient(server.baseUrl);
    await other.register();
    const foreign = await other.post('/api/convos/gen_title', { conversationId });
    expect(foreign.status).toBe(404);
    expect(foreign.json.code).toBe('not_found');
    expect((await other.get(`/api/convos/gen_title/${conversationId}`)).status).toBe(404);
    expect((await client.get(`/api/convos/gen_title/${conversationId}`)).json.title).toBe('A private question');
    expect((await client.get('/api/convos/gen_title/not-an-id')).status).toBe(400);
    const missing = await client.post('/api/convos/gen_title', {});
    expect(missing.status).toBe(400);
    expect(missing.json.code).toBe('validation_error');
    expect((await client.get(`/api/convos/${conversationId}`)).json.title).toBe('A private question');
  });

  it('titles a chat from its first message when no model writes titles, keeping a rename made meanwhile', async () => {
    sim.enqueue({ text: 'Sure.' });
    const { frames } = await ask({ text: 'Plan a trip to Lisbon in spring' });
    const conversationId = finalFrame(frames)!.data.conversation.conversationId;
    expect(finalFrame(frames)!.data.conversation.title).toBe('Plan a trip to Lisbon in spring');
    expect((await client.post('/api/convos/gen_title', { conversationId })).json.title).toBe('Plan a trip to Lisbon in spring');

    sim.enqueue({ text: 'word '.repeat(40), chunkSize: 5, delayMs: 10 });
    const partial = await readSse(`${server.baseUrl}/api/ask/openAI`, {
      token: client.token,
      body: { text: 'Another question', endpoint: 'openAI', model: 'gpt-4o-mini' },
      until: (_f, all) => all.some((x) => x.data.event === 'on_message_delta'),
    });
    const renamedId = partial.frames[0]!.data.conversationId;
    expect((await client.post('/api/convos/update', { arg: { conversationId: renamedId, title: 'My own name' } })).status).toBe(200);
    await waitFor(async () => (await client.get(`/api/messages/${renamedId}`)).json.every((m: any) => !m.unfinished));
    expect((await client.get(`/api/convos/${renamedId}`)).json.title).toBe('My own name');
  });

  it('continues a conversation with the whole branch as history', async () => {
    sim.enqueue({ text: 'first answer' }, { text: 'second answer' });
    const first = finalFrame((await ask({ text: 'first question' })).frames)!.data;
    const second = await ask({
      text: 'second question',
      conversationId: first.conversation.conversationId,
      parentMessageId: first.responseMessage.messageId,
    });
    expect(finalFrame(second.frames)!.data.responseMessage.text).toBe('second answer');
    expect(sim.requests.at(-1)!.body.messages.map((m: any) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(sim.requests.at(-1)!.body.messages)).toMatch(/first question.*first answer.*second question/);
  });

  it('regenerates a reply as a sibling, and continues an unfinished one', async () => {
    sim.enqueue({ text: 'one', finishReason: 'length' }, { text: 'two' }, { text: ' and more' });
    const first = finalFrame((await ask({ text: 'q' })).frames)!.data;
    const conversationId = first.conversation.conversationId;
    const regen = finalFrame((await ask({ text: 'q', conversationId, isRegenerate: true, parentMessageId: first.requestMessage.messageId })).frames)!.data;
    expect(regen.responseMessage.parentMessageId).toBe(first.requestMessage.messageId);
    expect(regen.responseMessage.messageId).not.toBe(first.responseMessage.messageId);
    expect(regen.responseMessage.text).toBe('two');
    expect(first.responseMessage.finish_reason).toBe('length');
    const cont = finalFrame(
      (await ask({ text: '', conversationId, isContinued: true, responseMessageId: regen.responseMessage.messageId, parentMessageId: first.requestMessage.messageId })).frames,
    )!.data;
    expect(cont.responseMessage.messageId).toBe(regen.responseMessage.messageId);
    expect(cont.responseMessage.text).toBe('two and more');
    const messages = (await client.get(`/api/messages/${conversationId}`)).json;
    expect(messages).toHaveLength(3);
  });

  it('streams reasoning as think parts and stores them', async () => {
    sim.enqueue({ reasoning: 'Let me think.', text: 'Answer.' });
    const { frames } = await ask({ text: 'why?', endpoint: 'Simulator', endpointType: 'custom', model: 'sim-1' }, '/api/ask/custom');
    const think = frames.filter((f) => f.data.event === 'on_reasoning_delta').map((f) => f.data.data.delta.content[0].think).join('');
    expect(think).toBe('Let me think.');
    expect(finalFrame(frames)!.data.responseMessage.content[0]).toEqual({ type: 'think', think: 'Let me think.' });
  });

  describe('resumable streams', () => {
    it('a reconnect with Last-Event-ID continues with no gap and no duplicate', async () => {
      const text = 'The quick brown fox jumps over the lazy dog, again and again and again.';
      sim.enqueue({ text, chunkSize: 2, delayMs: 15 });
      const first = await ask({ text: 'go' }, undefined);
      // That read ran to the end; do it properly: cut after 5 frames.
      expect(deltaText(first.frames)).toBe(text);

      sim.enqueue({ text, chunkSize: 2, delayMs: 15 });
      const partial = await readSse(`${server.baseUrl}/api/ask/openAI`, {
        token: client.token,
        body: { text: 'go again', endpoint: 'openAI', model: 'gpt-4o-mini', parentMessageId: NO_PARENT },
        until: (_f, all) => all.length >= 6,
      });
      const streamId = partial.frames[0]!.data.streamId;
      const lastId = partial.frames.at(-1)!.id;
      const rest = await readSse(`${server.baseUrl}/api/chat/stream/${streamId}`, { token: client.token, lastEventId: lastId });
      expect(rest.status).toBe(200);
      expect(rest.frames[0]!.id).toBe(lastId + 1);
      expect(deltaText(partial.frames) + deltaText(rest.frames)).toBe(text);
      expect(finalFrame(rest.frames)!.data.responseMessage.text).toBe(text);
    });

    it('a finished job answers a reconnect with its final state', async () => {
      sim.enqueue({ text: 'done already' });
      const { frames } = await ask({ text: 'x' });
      const streamId = frames[0]!.data.streamId;
      const again = await readSse(`${server.baseUrl}/api/chat/stream/${streamId}`, { token: client.token, lastEventId: 1 });
      expect(finalFrame(again.frames)!.data.responseMessage.text).toBe('done already');
    });

    it('the job goes on when the client leaves, and the reply grows in the database as unfinished', async () => {
      // 2.4 s: the growing reply is saved a second after it started, well before its final write.
      sim.enqueue({ text: 'a'.repeat(240), chunkSize: 2, delayMs: 20 });
      const partial = await readSse(`${server.baseUrl}/api/ask/openAI`, {
        token: client.token,
        body: { text: 'leave', endpoint: 'openAI', model: 'gpt-4o-mini' },
        until: (f) => f.data.event === 'on_message_delta',
      });
      const { responseMessageId, streamId } = partial.frames[0]!.data;
      const active = await client.get('/api/chat/active');
      expect(active.json.jobs.map((j: any) => j.streamId)).toContain(streamId);
      await waitFor(async () => {
        const row = await server.db.kysely.selectFrom('messages').selectAll().where('message_id', '=', responseMessageId).executeTakeFirst();
        return Boolean(row && row.unfinished === 1 && row.text.length > 0);
      });
      await waitFor(async () => {
        const row = await server.db.kysely.selectFrom('messages').selectAll().where('message_id', '=', responseMessageId).executeTakeFirst();
        return Boolean(row && row.unfinished === 0 && row.text.length === 240);
      }, 10_000);
    });

    it("another user's stream is not found", async () => {
      sim.enqueue({ text: 'private', delayMs: 20 });
      const { frames } = await ask({ text: 'mine' });
      const other = new TestClient(server.baseUrl);
      await other.register();
      const res = await readSse(`${server.baseUrl}/api/chat/stream/${frames[0]!.data.streamId}`, { token: other.token });
      expect(res.status).toBe(404);
    });
  });

  describe('the agents path (LibreChat ephemeral agents)', () => {
    it('runs a model endpoint chat sent to /api/agents/chat/{endpoint}, tools ignored, and stops it at /api/agents/chat/abort', async () => {
      sim.enqueue({ text: 'Through the agents path.' });
      const body = { text: 'hello agents path', ephemeralAgent: { mcp: ['x'], web_search: true } };
      const done = finalFrame((await ask(body, '/api/agents/chat/openAI')).frames)!.data;
      expect(done.responseMessage.text).toBe('Through the agents path.');
      sim.enqueue({ text: 'Custom too.' });
      const custom = await ask({ text: 'custom', endpoint: 'Simulator', model: 'sim-1' }, '/api/agents/chat/Simulator');
      expect(finalFrame(custom.frames)!.data.responseMessage.text).toBe('Custom too.');

      sim.enqueue({ text: 'word '.repeat(200), chunkSize: 5, delayMs: 10 });
      const partial = await readSse(`${server.baseUrl}/api/agents/chat/openAI`, {
        token: client.token,
        body: { text: 'long', endpoint: 'openAI', model: 'gpt-4o-mini' },
        until: (_f, all) => all.some((x) => x.data.event === 'on_message_delta'),
      });
      const stopped = await client.post('/api/agents/chat/abort', { abortKey: partial.frames[0]!.data.conversationId });
      expect(stopped.status).toBe(200);
      expect(stopped.json.responseMessage.finish_reason).toBe('incomplete');
    });

    it('refuses what is not a model endpoint there, storing nothing', async () => {
      const before = await counts(server);
      const res = await ask({ text: 'hi', endpoint: 'agents', agent_id: 'agent_x' }, '/api/agents/chat/agents');
      expect(res.status).toBe(400);
      expect(res.json.code).toBe('unknown_endpoint');
      expect(await counts(server)).toEqual(before);
    });
  });

  describe('abort', () => {
    it('stops the provider call and saves the partial reply as incomplete', async () => {
      sim.enqueue({ text: 'word '.repeat(200), chunkSize: 5, delayMs: 10 });
      const partial = await readSse(`${server.baseUrl}/api/ask/openAI`, {
        token: client.token,
        body: { text: 'long please', endpoint: 'openAI', model: 'gpt-4o-mini' },
        until: (_f, all) => all.filter((x) => x.data.event === 'on_message_delta').length >= 3,
      });
      const { streamId, conversationId } = partial.frames[0]!.data;
      const res = await client.post('/api/ask/openAI/abort', { abortKey: conversationId, endpoint: 'openAI' });
      expect(res.status).toBe(200);
      expect(res.json.final).toBe(true);
      expect(res.json.responseMessage.finish_reason).toBe('incomplete');
      expect(res.json.responseMessage.unfinished).toBe(false);
      expect(res.json.responseMessage.text.length).toBeGreaterThan(0);
      expect(res.json.responseMessage.text.length).toBeLessThan(1000);
      await waitFor(async () => sim.stats.aborted > 0);
      const again = await client.post('/api/ask/openAI/abort', { abortKey: streamId });
      expect(again.status).toBe(404);
    });

    it('answers 404 when nothing runs, and refuses a bad body', async () => {
      expect((await client.post('/api/ask/openAI/abort', { abortKey: randomUUID() })).status).toBe(404);
      expect((await client.post('/api/ask/openAI/abort', {})).status).toBe(400);
      // LibreChat's abortRequestWithMessage wraps the same fields in {arg}.
      expect((await client.post('/api/ask/openAI/abort', { arg: { abortKey: randomUUID(), message: 'stop' } })).status).toBe(404);
      expect((await client.post('/api/ask/openAI/abort', { arg: {} })).status).toBe(400);
    });
  });

  describe('provider errors', () => {
    it.each([
      [{ status: 401, kind: 'invalid_api_key' }, 'invalid_api_key'],
      [{ status: 429, kind: 'insufficient_quota' }, 'insufficient_quota'],
      [{ status: 429, kind: 'rate_limit' }, 'rate_limit'],
      [{ status: 400, kind: 'context_length_exceeded' }, 'INPUT_LENGTH'],
      [{ status: 400, kind: 'content_filter' }, 'moderation'],
      [{ status: 500, kind: 'server_error' }, 'server_error'],
    ] as const)('%o becomes %s in an error frame and a stored error reply', async (error, type) => {
      sim.enqueue({ error });
      const { frames } = await ask({ text: 'fail please' });
      const last = frames.at(-1)!;
      expect(last.event).toBe('error');
      expect(last.data.error).toBe(true);
      expect(JSON.parse(last.data.text).type).toBe(type);
      const stored = (await client.get(`/api/messages/${last.data.conversationId}`)).json;
      expect(stored.map((m: any) => m.isCreatedByUser)).toEqual([true, false]);
      expect(stored[1].error).toBe(true);
      expect(stored[1].unfinished).toBe(false);
    });

    it('a stream that stops mid-way keeps the partial text with the error', async () => {
      sim.enqueue({ text: 'partial text that will be cut', chunkSize: 4, errorAt: 3 });
      const { frames } = await ask({ text: 'cut me' });
      const last = frames.at(-1)!;
      expect(last.event).toBe('error');
      const reply = last.data.responseMessage;
      expect(reply.text).toBe('partial text');
      expect(reply.error).toBe(true);
    });
  });

  describe('hostile input', () => {
    it.each([
      ['an unknown conversation id', () => ({ text: 'x', conversationId: randomUUID() }), 404],
      ['a malformed conversation id', () => ({ text: 'x', conversationId: '../../etc' }), 400],
      ['blank text', () => ({ text: '   ' }), 400],
      ['1 MB of text', () => ({ text: 'x'.repeat(1024 * 1024) }), 400],
      ['an unknown endpoint', () => ({ text: 'x', endpoint: 'nope' }), 400],
      ['a parent on a new conversation', () => ({ text: 'x', parentMessageId: randomUUID() }), 404],
    ])('refuses %s and stores nothing', async (_label, body, status) => {
      const before = await counts(server);
      const path = _label === 'an unknown endpoint' ? '/api/ask/custom' : '/api/ask/openAI';
      const res = await ask(body(), path);
      expect(res.status).toBe(status);
      expect(res.json.code).toBeTruthy();
      expect(await counts(server)).toEqual(before);
    });

    it("refuses another user's conversation and a parent from another conversation", async () => {
      sim.enqueue({ text: 'a' }, { text: 'b' });
      const mine = finalFrame((await ask({ text: 'one' })).frames)!.data;
      const other = finalFrame((await ask({ text: 'two' })).frames)!.data;
      const before = await counts(server);
      const stranger = new TestClient(server.baseUrl);
      await stranger.register();
      const intrude = await ask({ text: 'hijack', conversationId: mine.conversation.conversationId, parentMessageId: mine.responseMessage.messageId }, undefined, stranger);
      expect(intrude.status).toBe(404);
      const crossed = await ask({ text: 'cross', conversationId: mine.conversation.conversationId, parentMessageId: other.responseMessage.messageId });
      expect(crossed.status).toBe(404);
      const reused = await ask({ text: 'dup', conversationId: mine.conversation.conversationId, parentMessageId: mine.responseMessage.messageId, messageId: other.requestMessage.messageId });
      expect(reused.status).toBe(409);
      // Starting a new conversation with a taken id stores no conversation either.
      const reusedNew = await ask({ text: 'dup', messageId: other.requestMessage.messageId });
      expect(reusedNew.status).toBe(409);
      expect(reusedNew.json.code).toBe('conflict');
      expect(await counts(server)).toEqual(before);
      // Nor can they read it.
      expect((await stranger.get(`/api/messages/${mine.conversation.conversationId}`)).json).toEqual([]);
      expect((await stranger.get(`/api/convos/${mine.conversation.conversationId}`)).status).toBe(404);
    });

    it('two sends racing with one message id: one is stored, the other refused with 409', async () => {
      sim.enqueue({ text: 'first' }, { text: 'second' });
      const before = await counts(server);
      const messageId = randomUUID();
      const results = await Promise.all([ask({ text: 'race one', messageId }), ask({ text: 'race two', messageId })]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await counts(server)).toEqual({ conversations: before.conversations + 1, messages: before.messages + 2 });
    });

    it('needs a signed-in user', async () => {
      const res = await readSse(`${server.baseUrl}/api/ask/openAI`, { body: { text: 'x' } });
      expect(res.status).toBe(401);
    });
  });

  describe('messages API', () => {
    it('gets, edits in place and guards ownership', async () => {
      sim.enqueue({ text: 'reply' });
      const final = finalFrame((await ask({ text: 'original' })).frames)!.data;
      const { conversationId } = final.conversation;
      const userMessageId = final.requestMessage.messageId;
      const one = await client.get(`/api/messages/${conversationId}/${userMessageId}`);
      expect(one.json.text).toBe('original');
      const edited = await client.put(`/api/messages/${conversationId}/${userMessageId}`, { text: 'edited' });
      expect(edited.status).toBe(200);
      expect(edited.json.text).toBe('edited');
      expect((await client.put(`/api/messages/${conversationId}/${userMessageId}`, { text: '  ' })).status).toBe(400);
      const stranger = new TestClient(server.baseUrl);
      await stranger.register();
      expect((await stranger.put(`/api/messages/${conversationId}/${userMessageId}`, { text: 'pwned' })).status).toBe(404);
      expect((await stranger.get(`/api/messages/${conversationId}/${userMessageId}`)).status).toBe(404);
      expect((await client.get(`/api/messages/${conversationId}/${userMessageId}`)).json.text).toBe('edited');
    });
  });
});
