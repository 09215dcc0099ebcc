import { messageText, NO_PARENT } from '@confab/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { storedCounts, useChatServer } from '../../../test/chat-harness.js';
import { TestClient } from '../../../test/http-client.js';
import { deltaText, finalFrame, readSse } from '../../../test/sse-client.js';
import { describeEachDialect } from '../../../test/test-server.js';

describeEachDialect('chat', (dialect) => {
  const h = useChatServer(dialect);
  const { ask } = h;

  it('stores the user message first, streams the reply, and ends with final', async () => {
    h.sim.enqueue({ text: 'Hello there, how can I help?', chunkSize: 3 });
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

    const stored = await h.client.get(`/api/messages/${final.conversation.conversationId}`);
    expect(stored.json.map((m: any) => [m.isCreatedByUser, m.text])).toEqual([
      [true, 'Hi!'],
      [false, 'Hello there, how can I help?'],
    ]);
    // History reaches the model as chat turns.
    expect(JSON.stringify(h.sim.requests.at(-1)!.body.messages.at(-1))).toContain('Hi!');
  });

  it('talks to a custom endpoint from the YAML config through /api/ask/custom', async () => {
    h.sim.enqueue({ text: 'custom reply' });
    const { frames } = await ask({ text: 'hi', endpoint: 'Simulator', endpointType: 'custom', model: 'sim-1', conversationId: 'new' }, '/api/ask/custom');
    const final = finalFrame(frames)!.data;
    expect(final.responseMessage.text).toBe('custom reply');
    expect(final.conversation.endpoint).toBe('Simulator');
    expect(final.conversation.endpointType).toBe('custom');
    expect(h.sim.requests.at(-1)!.body.model).toBe('sim-1');
  });

  it('continues a conversation with the whole branch as history', async () => {
    h.sim.enqueue({ text: 'first answer' }, { text: 'second answer' });
    const first = finalFrame((await ask({ text: 'first question' })).frames)!.data;
    const second = await ask({
      text: 'second question',
      conversationId: first.conversation.conversationId,
      parentMessageId: first.responseMessage.messageId,
    });
    expect(finalFrame(second.frames)!.data.responseMessage.text).toBe('second answer');
    expect(h.sim.requests.at(-1)!.body.messages.map((m: any) => m.role)).toEqual(['user', 'assistant', 'user']);
    expect(JSON.stringify(h.sim.requests.at(-1)!.body.messages)).toMatch(/first question.*first answer.*second question/);
  });

  it('regenerates a reply as a sibling, and continues an unfinished one', async () => {
    h.sim.enqueue({ text: 'one', finishReason: 'length' }, { text: 'two' }, { text: ' and more' });
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
    const messages = (await h.client.get(`/api/messages/${conversationId}`)).json;
    expect(messages).toHaveLength(3);
  });

  it('continuing a reply keeps its reasoning (and its time) and extends its text', async () => {
    h.sim.enqueue({ reasoning: 'Plan it.', text: 'Part one', chunkSize: 4, delayMs: 20, finishReason: 'length' }, { text: ', part two' });
    const custom = { endpoint: 'Simulator', endpointType: 'custom', model: 'sim-1' };
    const first = finalFrame((await ask({ text: 'q', ...custom }, '/api/ask/custom')).frames)!.data;
    const thought = first.responseMessage.content[0];
    expect(thought).toMatchObject({ type: 'think', think: 'Plan it.' });
    const conversationId = first.conversation.conversationId;
    const body = { text: 'q', ...custom, conversationId, isContinued: true, responseMessageId: first.responseMessage.messageId, parentMessageId: first.requestMessage.messageId };
    const cont = finalFrame((await ask(body, '/api/ask/custom')).frames)!.data;
    const expected = [thought, { type: 'text', text: 'Part one, part two' }];
    expect(cont.responseMessage).toMatchObject({ messageId: first.responseMessage.messageId, finish_reason: 'stop', content: expected });
    const stored = (await h.client.get(`/api/messages/${conversationId}`)).json;
    expect(stored.at(-1).content).toEqual(expected);
  });

  it('refuses to continue a reply that is still being written (409), keeping what its job writes', async () => {
    h.sim.enqueue({ text: 'word '.repeat(30), chunkSize: 5, delayMs: 30 });
    let created: any;
    const running = readSse(`${h.server.baseUrl}/api/ask/openAI`, {
      token: h.client.token,
      body: { text: 'long one', endpoint: 'openAI', model: 'gpt-4o-mini', conversationId: null, parentMessageId: NO_PARENT },
      until: (frame) => {
        created ??= frame.data.created ? frame.data : undefined;
        return Boolean(frame.data.final);
      },
    });
    await expect.poll(() => created).toBeTruthy();
    const continued = await ask({
      text: '',
      isContinued: true,
      conversationId: created.conversationId,
      responseMessageId: created.responseMessageId,
      parentMessageId: created.message.messageId,
    });
    expect(continued.status).toBe(409);
    expect(continued.json.code).toBe('conflict');
    const final = finalFrame((await running).frames)!.data;
    const stored = (await h.client.get(`/api/messages/${created.conversationId}`)).json;
    expect(stored.find((m: any) => m.messageId === created.responseMessageId).text).toBe(final.responseMessage.text);
    expect(final.responseMessage.text).toBe('word '.repeat(30));
  });

  it('two continues of one reply racing: one runs, the other is refused with 409', async () => {
    // The winning continue streams for about a second, so the other one still finds it running on a busy machine.
    h.sim.enqueue(
      { text: 'cut', finishReason: 'length' },
      { text: ' and on', chunkSize: 1, delayMs: 150 },
      { text: ' twice', delayMs: 20 },
    );
    const first = finalFrame((await ask({ text: 'q' })).frames)!.data;
    const body = {
      text: '',
      isContinued: true,
      conversationId: first.conversation.conversationId,
      responseMessageId: first.responseMessage.messageId,
      parentMessageId: first.requestMessage.messageId,
    };
    const results = await Promise.all([ask(body), ask(body)]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    const won = finalFrame(results.find((r) => r.status === 200)!.frames)!.data;
    const stored = (await h.client.get(`/api/messages/${first.conversation.conversationId}`)).json;
    expect(stored.find((m: any) => m.messageId === first.responseMessage.messageId).text).toBe(won.responseMessage.text);
    // Once it has finished, the reply may be continued again.
    expect((await ask(body)).status).toBe(200);
  });

  it('stores half an emoji (a lone surrogate) as U+FFFD, the same text it echoes, on either database', async () => {
    h.sim.enqueue({ text: 'ok' });
    const { frames } = await ask({ text: 'a\ud800b 😀' });
    expect(frames[0]!.data.message.text).toBe('a\ufffdb 😀');
    const final = finalFrame(frames)!.data;
    const stored = (await h.client.get(`/api/messages/${final.conversation.conversationId}`)).json;
    expect(stored[0].text).toBe('a\ufffdb 😀');
  });

  it('refuses a model the administrator did not offer (illegal_model_request), storing nothing', async () => {
    const before = await storedCounts(h.server);
    const res = await ask({ text: 'hi', endpoint: 'Simulator', endpointType: 'custom', model: 'gpt-4o' }, '/api/ask/custom');
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'illegal_model_request', endpoint: 'Simulator', model: 'gpt-4o' });
    expect(await storedCounts(h.server)).toEqual(before);
    expect(h.sim.requests).toHaveLength(0);
    // On the built-in default list (no OPENAI_MODELS), the provider decides which models exist.
    h.sim.enqueue({ text: 'fine' });
    const open = await ask({ text: 'hi', model: 'gpt-4o-2024-08-06' });
    expect(finalFrame(open.frames)!.data.responseMessage.text).toBe('fine');
  });

  it('streams reasoning as think parts and stores them, with how long the model thought', async () => {
    // 4 reasoning chunks 120 ms apart: at least ~360 ms from the first to the last.
    h.sim.enqueue({ reasoning: 'Let me think.', text: 'Answer.', chunkSize: 4, delayMs: 120 });
    const { frames } = await ask({ text: 'why?', endpoint: 'Simulator', endpointType: 'custom', model: 'sim-1' }, '/api/ask/custom');
    const deltas = frames.filter((f) => f.data.event === 'on_reasoning_delta').map((f) => f.data.data.delta.content[0]);
    expect(deltas.map((d) => d.think).join('')).toBe('Let me think.');
    // The time comes as the reasoning ends, before the answer's first delta.
    const timed = frames.findIndex((f) => f.data.data?.delta?.content?.[0]?.durationMs !== undefined);
    expect(timed).toBeGreaterThan(0);
    expect(timed).toBeLessThan(frames.findIndex((f) => f.data.event === 'on_message_delta'));
    const final = finalFrame(frames)!.data;
    const thought = final.responseMessage.content[0];
    expect(thought).toEqual({ type: 'think', think: 'Let me think.', durationMs: expect.any(Number) });
    expect(thought.durationMs).toBeGreaterThanOrEqual(250);
    expect(thought.durationMs).toBe(deltas.at(-1).durationMs);
    // Stored with the reply: a reload reads the same.
    const stored = await h.client.get(`/api/messages/${final.conversation.conversationId}`);
    expect(stored.json.at(-1).content[0]).toEqual(thought);
  });

  describe('the agents path (LibreChat ephemeral agents)', () => {
    it('runs a model endpoint chat sent to /api/agents/chat/{endpoint}, tools ignored, and stops it at /api/agents/chat/abort', async () => {
      h.sim.enqueue({ text: 'Through the agents path.' });
      const body = { text: 'hello agents path', ephemeralAgent: { mcp: ['x'], web_search: true } };
      const done = finalFrame((await ask(body, '/api/agents/chat/openAI')).frames)!.data;
      // Tools toggled on make it an agent's reply: content parts, whether or not a tool ran.
      expect(done.responseMessage.content).toEqual([{ type: 'text', text: 'Through the agents path.' }]);
      h.sim.enqueue({ text: 'Custom too.' });
      const custom = await ask({ text: 'custom', endpoint: 'Simulator', model: 'sim-1' }, '/api/agents/chat/Simulator');
      expect(finalFrame(custom.frames)!.data.responseMessage.text).toBe('Custom too.');

      h.sim.enqueue({ text: 'word '.repeat(200), chunkSize: 5, delayMs: 10 });
      const partial = await readSse(`${h.server.baseUrl}/api/agents/chat/openAI`, {
        token: h.client.token,
        body: { text: 'long', endpoint: 'openAI', model: 'gpt-4o-mini' },
        until: (_f, all) => all.some((x) => x.data.event === 'on_message_delta'),
      });
      const stopped = await h.client.post('/api/agents/chat/abort', { abortKey: partial.frames[0]!.data.conversationId });
      expect(stopped.status).toBe(200);
      expect(stopped.json.responseMessage.finish_reason).toBe('incomplete');
    });

    it('refuses an agent that does not exist, storing nothing', async () => {
      const before = await storedCounts(h.server);
      const res = await ask({ text: 'hi', endpoint: 'agents', agent_id: 'agent_x' }, '/api/agents/chat/agents');
      expect(res.status).toBe(404);
      expect(res.json.code).toBe('not_found');
      expect(await storedCounts(h.server)).toEqual(before);
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
      h.sim.enqueue({ error });
      const { frames } = await ask({ text: 'fail please' });
      const last = frames.at(-1)!;
      expect(last.event).toBe('error');
      expect(last.data.error).toBe(true);
      expect(JSON.parse(last.data.text).type).toBe(type);
      const stored = (await h.client.get(`/api/messages/${last.data.conversationId}`)).json;
      expect(stored.map((m: any) => m.isCreatedByUser)).toEqual([true, false]);
      expect(stored[1].error).toBe(true);
      expect(stored[1].unfinished).toBe(false);
    });

    it('a stream that stops mid-way keeps the partial text with the error', async () => {
      h.sim.enqueue({ text: 'partial text that will be cut', chunkSize: 4, errorAt: 3 });
      const { frames } = await ask({ text: 'cut me' });
      const last = frames.at(-1)!;
      expect(last.event).toBe('error');
      const reply = last.data.responseMessage;
      // Kept in content parts beside the error part; `text` is "" beside them, as LibreChat's.
      expect(messageText(reply)).toBe('partial text');
      expect(reply.content.at(-1).type).toBe('error');
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
      const before = await storedCounts(h.server);
      const path = _label === 'an unknown endpoint' ? '/api/ask/custom' : '/api/ask/openAI';
      const res = await ask(body(), path);
      expect(res.status).toBe(status);
      expect(res.json.code).toBeTruthy();
      expect(await storedCounts(h.server)).toEqual(before);
    });

    it("refuses another user's conversation and a parent from another conversation", async () => {
      h.sim.enqueue({ text: 'a' }, { text: 'b' });
      const mine = finalFrame((await ask({ text: 'one' })).frames)!.data;
      const other = finalFrame((await ask({ text: 'two' })).frames)!.data;
      const before = await storedCounts(h.server);
      const stranger = new TestClient(h.server.baseUrl);
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
      expect(await storedCounts(h.server)).toEqual(before);
      // Nor can they read it.
      const read = await stranger.get(`/api/messages/${mine.conversation.conversationId}`);
      expect(read.status).toBe(404);
      expect(read.json.code).toBe('not_found');
      // LibreChat's client asks for the messages of "new" (an unsaved chat): there are none.
      expect((await stranger.get('/api/messages/new')).json).toEqual([]);
      expect((await stranger.get(`/api/convos/${mine.conversation.conversationId}`)).status).toBe(404);
    });

    it('two sends racing with one message id: one is stored, the other refused with 409', async () => {
      h.sim.enqueue({ text: 'first' }, { text: 'second' });
      const before = await storedCounts(h.server);
      const messageId = randomUUID();
      const results = await Promise.all([ask({ text: 'race one', messageId }), ask({ text: 'race two', messageId })]);
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await storedCounts(h.server)).toEqual({ conversations: before.conversations + 1, messages: before.messages + 2 });
    });

    it('needs a signed-in user', async () => {
      const res = await readSse(`${h.server.baseUrl}/api/ask/openAI`, { body: { text: 'x' } });
      expect(res.status).toBe(401);
    });
  });

  describe('messages API', () => {
    it('gets, edits in place and guards ownership', async () => {
      h.sim.enqueue({ text: 'reply' });
      const final = finalFrame((await ask({ text: 'original' })).frames)!.data;
      const { conversationId } = final.conversation;
      const userMessageId = final.requestMessage.messageId;
      // LibreChat answers a list: the message, or none when the conversation does not hold it.
      const one = await h.client.get(`/api/messages/${conversationId}/${userMessageId}`);
      expect(one.json).toHaveLength(1);
      expect(one.json[0].text).toBe('original');
      expect((await h.client.get(`/api/messages/${conversationId}/not-a-message`)).json).toEqual([]);
      expect((await h.client.get(`/api/messages/not-a-conversation/${userMessageId}`)).status).toBe(404);
      const edited = await h.client.put(`/api/messages/${conversationId}/${userMessageId}`, { text: 'edited' });
      expect(edited.status).toBe(200);
      expect(edited.json.text).toBe('edited');
      expect((await h.client.put(`/api/messages/${conversationId}/${userMessageId}`, { text: '  ' })).status).toBe(400);
      const stranger = new TestClient(h.server.baseUrl);
      await stranger.register();
      expect((await stranger.put(`/api/messages/${conversationId}/${userMessageId}`, { text: 'pwned' })).status).toBe(404);
      expect((await stranger.get(`/api/messages/${conversationId}/${userMessageId}`)).status).toBe(404);
      expect((await h.client.get(`/api/messages/${conversationId}/${userMessageId}`)).json[0].text).toBe('edited');
    });
  });
});
