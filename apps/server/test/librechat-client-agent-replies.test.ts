import { messageText } from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { insertMessage } from '../src/features/messages/messages.repo.js';
import { seedConversation } from '../src/features/conversations/test-seed.js';
import { waitFor } from './chat-harness.js';
import { conforms, dataService as service, librechat, librechatAxios as axios } from './librechat-package.js';
import { readSse, type SseFrame } from './sse-client.js';
import { seedAgent } from './agent-seed.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * An agent's reply is content parts, always (with a tool call or without), as LibreChat's agents
 * endpoint answers and stores it: `content: [{type: "text", text}]` and `text: ""`. Driven by
 * LibreChat's own client package (its payload builder, data service and schemas), through every
 * way a reply is seen: streamed, final, stored, rejoined, stopped and saved while it grows.
 */
const { NO_PARENT } = librechat.Constants;
const isMessage = (value: unknown) => conforms(librechat.tMessageSchema, value);
const isConversation = (value: unknown) => conforms(librechat.tConversationSchema, value);
const newConversation = { conversationId: null, endpoint: 'agents', title: 'New Chat', createdAt: '', updatedAt: '' };
const events = (frames: SseFrame[], name: string) => frames.filter((f) => f.data.event === name).map((f) => f.data.data);
/** The text the client builds from on_message_delta content deltas, as its step handler does. */
const deltaContentText = (frames: SseFrame[]) =>
  events(frames, 'on_message_delta')
    .flatMap((d) => d.delta.content)
    .map((p: { type: string; text?: string }) => (p.type === 'text' ? (p.text ?? '') : ''))
    .join('');

describeEachDialect('agent replies as content parts (librechat-data-provider)', (dialect) => {
  let sim: OpenAISimulator;
  let server: TestServer;
  let token: string;
  let userId: string;
  let agentId: string;

  /** LibreChat's chat hook: createPayload for the agents endpoint, then an SSE POST. */
  function send(text: string, until?: (frame: SseFrame, all: SseFrame[]) => boolean, conversationId: string | null = null, parentMessageId = NO_PARENT) {
    const userMessage = { messageId: randomUUID(), conversationId, parentMessageId, text, sender: 'User', isCreatedByUser: true };
    const { server: path, payload } = librechat.createPayload({
      endpointOption: { endpoint: 'agents', agent_id: agentId, model: 'gpt-4o-mini' },
      conversation: { ...newConversation, conversationId },
      userMessage,
    });
    return readSse(server.baseUrl + path, { token, body: payload, until });
  }
  const storedRow = (messageId: string) =>
    server.db.kysely.selectFrom('messages').selectAll().where('message_id', '=', messageId).executeTakeFirst();

  beforeAll(async () => {
    sim = await startOpenAISimulator({ apiKey: 'sk-test' });
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: sim.url, TITLE_CONVO: 'false' },
      config: { memes: { agent: { enabled: false } } },
    });
    axios.defaults.baseURL = server.baseUrl;
    const password = 'correct horse battery';
    const registered = await service.register({ name: 'Agent User', email: `replies-${randomUUID()}@example.com`, password, confirm_password: password });
    token = registered.token;
    userId = registered.user.id ?? registered.user._id;
    librechat.setTokenHeader(token);
    // No tools: every reply is plain text, which an agent still answers as content parts.
    agentId = await seedAgent(server.db.kysely, userId, { name: 'Plain agent' });
  });
  afterAll(async () => {
    librechat.setTokenHeader(undefined);
    await server?.close();
    await sim?.close();
  });
  beforeEach(() => sim.reset());

  it('a tool-free agent chat streams content deltas and ends, and is stored, with content parts and text ""', async () => {
    sim.enqueue({ text: 'Hello from a plain agent, in pieces.', chunkSize: 5 });
    const { status, frames } = await send('Say hello');
    expect(status).toBe(200);

    // LibreChat's agent events: a message_creation run step, then content deltas that rebuild the text.
    const [step] = events(frames, 'on_run_step');
    expect(step).toMatchObject({ index: 0, type: 'message_creation', stepDetails: { type: 'message_creation' } });
    const deltas = events(frames, 'on_message_delta');
    expect(deltas.length).toBeGreaterThan(1);
    expect(deltas.every((d) => d.id === step.id)).toBe(true);
    expect(deltaContentText(frames)).toBe('Hello from a plain agent, in pieces.');

    const final = frames.find((f) => f.data.final)!.data;
    const reply = final.responseMessage;
    expect(reply.content).toEqual([{ type: 'text', text: 'Hello from a plain agent, in pieces.' }]);
    expect(reply.text).toBe('');
    expect(reply).toMatchObject({ endpoint: 'agents', sender: 'Plain agent', unfinished: false, error: false });
    expect(isMessage(reply)).toBe('ok');
    expect(isMessage(final.requestMessage)).toBe('ok');
    expect(isConversation(final.conversation)).toBe('ok');

    // Stored as answered, read back through LibreChat's data service.
    const conversationId = final.conversation.conversationId;
    const stored = await service.getMessagesByConvoId(conversationId);
    expect(stored.map((m: unknown) => isMessage(m))).toEqual(['ok', 'ok']);
    const storedReply = stored.find((m: { messageId: string }) => m.messageId === reply.messageId);
    expect(storedReply).toMatchObject({ text: '', content: reply.content });

    // The parts' text is still what search finds and what the next turn sends the model.
    const hits = await axios.get('/api/messages', { params: { search: 'plain agent pieces' } });
    expect(hits.data.messages.map((m: { messageId: string }) => m.messageId)).toContain(reply.messageId);
    sim.enqueue({ text: 'Again.' });
    const next = await send('Once more', undefined, conversationId, reply.messageId);
    expect(next.status).toBe(200);
    expect(sim.requests.at(-1)!.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Say hello' },
      { role: 'assistant', content: 'Hello from a plain agent, in pieces.' },
      { role: 'user', content: 'Once more' },
    ]);
  });

  it('a rejoined stream carries the rest as content deltas, and a finished job its final state as content parts', async () => {
    sim.enqueue({ text: 'word '.repeat(40), chunkSize: 5, delayMs: 10 });
    const partial = await send('Talk a while', (_f, all) => events(all, 'on_message_delta').length >= 2);
    const { streamId } = partial.frames[0]!.data;
    const lastId = partial.frames.at(-1)!.id;

    const rest = await readSse(`${server.baseUrl}/api/chat/stream/${streamId}`, { token, lastEventId: lastId });
    expect(rest.frames[0]!.id).toBe(lastId + 1);
    expect(deltaContentText([...partial.frames, ...rest.frames])).toBe('word '.repeat(40));
    const final = rest.frames.find((f) => f.data.final)!.data.responseMessage;
    expect(final).toMatchObject({ text: '', content: [{ type: 'text', text: 'word '.repeat(40) }] });
    expect(isMessage(final)).toBe('ok');

    // Rejoined after its end, the job answers its final state: the reply as content parts.
    const again = await readSse(`${server.baseUrl}/api/chat/stream/${streamId}`, { token });
    expect(again.frames.map((f) => (f.data.created ? 'created' : f.data.final ? 'final' : 'other'))).toEqual(['created', 'final']);
    expect(again.frames[1]!.data.responseMessage).toMatchObject({ text: '', content: [{ type: 'text', text: 'word '.repeat(40) }] });
  });

  it('a growing reply is saved as content parts while it streams, and a stopped one is kept as content parts', async () => {
    sim.enqueue({ text: 'token '.repeat(400), chunkSize: 6, delayMs: 10 });
    const started = await send('Write a lot', (_f, all) => events(all, 'on_message_delta').length >= 1);
    const { conversationId, responseMessageId } = started.frames[0]!.data;

    // What a crash would leave: the unfinished partial, saved as it grows, read as content parts.
    await waitFor(async () => {
      const row = await storedRow(responseMessageId);
      return row?.unfinished === 1 && Boolean(row.content?.includes('token'));
    });
    const [growing] = await service.getMessagesByConvoId(conversationId).then((all: { messageId: string }[]) =>
      all.filter((m) => m.messageId === responseMessageId),
    );
    expect(growing).toMatchObject({ unfinished: true, text: '' });
    expect(growing.content).toEqual([{ type: 'text', text: expect.stringMatching(/^(token )+/) }]);
    expect(isMessage(growing)).toBe('ok');

    // LibreChat's stop button: the partial reply is stored and answered as content parts.
    const stopped = await service.abortRequestWithMessage('agents', conversationId, 'Stopped by the user');
    expect(isMessage(stopped.responseMessage)).toBe('ok');
    expect(stopped.responseMessage).toMatchObject({ finish_reason: 'incomplete', text: '', unfinished: false });
    expect(stopped.responseMessage.content).toEqual([{ type: 'text', text: expect.stringMatching(/^(token )+/) }]);
    expect(messageText(stopped.responseMessage).length).toBeLessThan('token '.repeat(400).length);
    const row = await storedRow(responseMessageId);
    expect(JSON.parse(row?.content ?? 'null')).toEqual(stopped.responseMessage.content);
  });

  it('an agent reply stored as text only (before replies were always content parts) still reads, and the chat goes on from it', async () => {
    const seeded = await seedConversation(server.db, userId, { messages: [{ key: 'ask', text: 'Old question' }] });
    const oldReplyId = randomUUID();
    // As the old code stored a tool-free agent reply: its text in `text`, no content.
    await insertMessage(server.db.kysely, {
      messageId: oldReplyId,
      conversationId: seeded.conversationId,
      userId,
      parentMessageId: seeded.ids.ask ?? NO_PARENT,
      sender: 'Plain agent',
      text: 'An old plain answer.',
      isCreatedByUser: false,
      model: 'gpt-4o-mini',
      endpoint: 'agents',
      createdAt: '2024-01-01T00:00:05.000Z',
    });

    const messages = await service.getMessagesByConvoId(seeded.conversationId);
    const old = messages.find((m: { messageId: string }) => m.messageId === oldReplyId);
    expect(isMessage(old)).toBe('ok');
    expect(old.text).toBe('An old plain answer.');
    expect(old.content).toBeUndefined();
    expect(messageText(old)).toBe('An old plain answer.');

    sim.enqueue({ text: 'A new answer.' });
    const { frames } = await send('New question', undefined, seeded.conversationId, oldReplyId);
    expect(sim.requests.at(-1)!.body.messages.slice(1)).toEqual([
      { role: 'user', content: 'Old question' },
      { role: 'assistant', content: 'An old plain answer.' },
      { role: 'user', content: 'New question' },
    ]);
    expect(frames.find((f) => f.data.final)!.data.responseMessage).toMatchObject({ text: '', content: [{ type: 'text', text: 'A new answer.' }] });
  });
});
