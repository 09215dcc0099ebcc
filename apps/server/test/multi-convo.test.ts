import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { storedCounts, useChatServer } from './chat-harness.js';
import { TestClient } from './http-client.js';
import { conforms, librechat } from './librechat-package.js';
import { finalFrame, readSse, type SseFrame } from './sse-client.js';
import { describeEachDialect } from './test-server.js';

/**
 * LibreChat v0.7.8's multi-conversation ("+"): its client sends one question as two asks at once,
 * one per column, each on its endpoint's route with its own stream, naming the same user message
 * `<uuid>__0` / `<uuid>__1` (and a new chat's conversation the same way). Column 0 stores the
 * message and its reply; column 1 only its reply, a sibling under the same message.
 */
const { NO_PARENT } = librechat.Constants;
const isMessage = (value: unknown) => conforms(librechat.tMessageSchema, value);

/** Each column's endpoint and model: two endpoints of the simulator, so two stored models. */
const COLUMNS = [
  { endpoint: 'openAI', model: 'gpt-4o-mini' },
  { endpoint: 'Simulator', endpointType: 'custom', model: 'sim-1' },
] as const;

interface Question {
  text: string;
  /** The plain id LibreChat's submitMessage makes once (`v4()`) for both columns. */
  userMessageId: string;
  /** A new chat's id, made the same way; null in an existing conversation. */
  newConversationId: string | null;
  conversationId: string | null;
  parentMessageId: string;
}

/**
 * One column's request as LibreChat's useChatFunctions builds it (its intermediate id is the
 * override, the placeholder reply is `${id}_` and never sent) and createPayload sends it.
 */
function columnPayload(column: 0 | 1, q: Question) {
  const messageId = `${q.userMessageId}__${column}`;
  return librechat.createPayload({
    conversation: {
      conversationId: q.conversationId,
      ...COLUMNS[column],
      title: 'New Chat',
      createdAt: '',
      updatedAt: '',
    },
    userMessage: {
      messageId,
      conversationId: q.conversationId,
      parentMessageId: q.parentMessageId,
      text: q.text,
      sender: 'User',
      isCreatedByUser: true,
      error: false,
      clientTimestamp: new Date().toISOString(),
      generation: '',
      responseMessageId: null,
      overrideParentMessageId: null,
    },
    endpointOption: {
      ...COLUMNS[column],
      overrideConvoId: q.newConversationId ? `${q.newConversationId}__${column}` : undefined,
      overrideUserMessageId: messageId,
      key: null,
    },
    isTemporary: false,
  }) as { server: string; payload: Record<string, unknown> };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const replyText = (frames: SseFrame[]) =>
  frames
    .filter((f) => f.data.event === 'on_message_delta')
    .flatMap((f) => f.data.data.delta.content.map((part: { text?: string }) => part.text ?? ''))
    .join('');

describeEachDialect('multi-conversation asks from LibreChat (+)', (dialect) => {
  const h = useChatServer(dialect);

  function send(column: 0 | 1, q: Question, as: TestClient = h.client) {
    const { server: path, payload } = columnPayload(column, q);
    return readSse(h.server.baseUrl + path, { token: as.token, body: payload });
  }

  /** Both columns, column 1 first: it waits for the message column 0 stores. */
  async function askBoth(q: Question) {
    const added = send(1, q);
    await sleep(150);
    const [root, addedResult] = await Promise.all([send(0, q), added]);
    return { root, added: addedResult };
  }

  const newQuestion = (text: string): Question => ({
    text,
    userMessageId: randomUUID(),
    newConversationId: randomUUID(),
    conversationId: null,
    parentMessageId: NO_PARENT,
  });

  it('answers a new chat in both columns: one user message, two streamed sibling replies of different models', async () => {
    h.sim.enqueue({ text: 'an answer', chunkSize: 3 }, { text: 'an answer', chunkSize: 3 });
    const q = newQuestion('Compare these');
    const { root, added } = await askBoth(q);
    expect([root.status, added.status]).toEqual([200, 200]);
    const conversationId = q.newConversationId;
    for (const { frames } of [root, added]) {
      const created = frames[0]!.data;
      expect(created.message).toMatchObject({ messageId: q.userMessageId, conversationId, text: 'Compare these' });
      expect(replyText(frames)).toBe('an answer');
      const final = finalFrame(frames)!.data;
      expect(isMessage(final.requestMessage)).toBe('ok');
      expect(isMessage(final.responseMessage)).toBe('ok');
      expect(final.responseMessage).toMatchObject({
        parentMessageId: q.userMessageId,
        conversationId,
        text: 'an answer',
      });
    }
    expect(finalFrame(root.frames)!.data.responseMessage).toMatchObject({ model: 'gpt-4o-mini', endpoint: 'openAI' });
    expect(finalFrame(added.frames)!.data.responseMessage).toMatchObject({ model: 'sim-1', endpoint: 'Simulator' });
    expect(h.sim.requests.map((r) => r.body.model).sort()).toEqual(['gpt-4o-mini', 'sim-1']);

    const stored = (await h.client.get(`/api/messages/${conversationId}`)).json;
    expect(stored).toHaveLength(3);
    const user = stored.filter((m: any) => m.isCreatedByUser);
    expect(user).toEqual([expect.objectContaining({ messageId: q.userMessageId, parentMessageId: NO_PARENT })]);
    const replies = stored.filter((m: any) => !m.isCreatedByUser);
    expect(replies.map((m: any) => m.parentMessageId)).toEqual([q.userMessageId, q.userMessageId]);
    expect(replies.map((m: any) => m.model).sort()).toEqual(['gpt-4o-mini', 'sim-1']);
    // Column 1's reply carries LibreChat's addedConvo, in its final frame and as stored (so the
    // pair is known after a reload); column 0's and the user's carry nothing. Both still conform.
    expect(finalFrame(added.frames)!.data.responseMessage.addedConvo).toBe(true);
    expect(finalFrame(root.frames)!.data.responseMessage).not.toHaveProperty('addedConvo');
    expect(stored.filter((m: any) => m.addedConvo).map((m: any) => m.model)).toEqual(['sim-1']);
    expect(stored.filter((m: any) => 'addedConvo' in m)).toHaveLength(1);
    for (const m of stored) expect(isMessage(m)).toBe('ok');
    // The conversation is column 0's: column 1 changes neither its model nor its title.
    const convo = (await h.client.get(`/api/convos/${conversationId}`)).json;
    expect(convo).toMatchObject({ conversationId, endpoint: 'openAI', model: 'gpt-4o-mini', title: 'Compare these' });
  });

  it('answers a follow-up in both columns under the latest reply of an existing conversation', async () => {
    h.sim.enqueue({ text: 'first' }, { text: 'first' }, { text: 'again' }, { text: 'again' });
    const first = newQuestion('One');
    const { root } = await askBoth(first);
    const parent = finalFrame(root.frames)!.data.responseMessage.messageId;
    const conversationId = first.newConversationId;
    const followUp: Question = {
      text: 'Two',
      userMessageId: randomUUID(),
      newConversationId: null,
      conversationId,
      parentMessageId: parent,
    };
    const both = await askBoth(followUp);
    expect([both.root.status, both.added.status]).toEqual([200, 200]);

    const stored = (await h.client.get(`/api/messages/${conversationId}`)).json;
    expect(stored.find((m: any) => m.messageId === followUp.userMessageId)).toMatchObject({
      parentMessageId: parent,
      text: 'Two',
    });
    const children = stored.filter((m: any) => m.parentMessageId === followUp.userMessageId);
    expect(children.map((m: any) => [m.model, m.text]).sort()).toEqual([
      ['gpt-4o-mini', 'again'],
      ['sim-1', 'again'],
    ]);
    // Column 1's model saw the same branch: the first exchange, then the follow-up.
    const simRequest = h.sim.requests.filter((r) => r.body.model === 'sim-1').at(-1)!;
    expect(JSON.stringify(simRequest.body.messages)).toMatch(/One.*first.*Two/);
  });

  it('keeps both columns resumable: /api/chat/active lists both generations, each rejoined on its own stream', async () => {
    // What the web client's reload relies on to rejoin both columns of a question.
    const text = 'a slow comparison of both';
    h.sim.enqueue({ text, chunkSize: 2, delayMs: 40 }, { text, chunkSize: 2, delayMs: 40 });
    const q = newQuestion('Compare slowly');
    const both = askBoth(q);
    let jobs: { streamId: string; userMessageId: string; responseMessageId: string }[] = [];
    for (let i = 0; i < 200 && jobs.length < 2; i++) {
      await sleep(20);
      const listed = (await h.client.get('/api/chat/active')).json.jobs;
      jobs = listed.filter((j: { conversationId: string }) => j.conversationId === q.newConversationId);
    }
    expect(jobs).toHaveLength(2);
    expect(jobs.map((j) => j.userMessageId)).toEqual([q.userMessageId, q.userMessageId]);
    expect(new Set(jobs.map((j) => j.responseMessageId)).size).toBe(2);
    const rejoined = await Promise.all(
      jobs.map((j) => readSse(`${h.server.baseUrl}/api/chat/stream/${j.streamId}`, { token: h.client.token })),
    );
    rejoined.forEach(({ frames }, i) => {
      expect(finalFrame(frames)!.data.responseMessage).toMatchObject({ messageId: jobs[i]!.responseMessageId, text });
    });
    await both;
  });

  it('regenerates each column with its own model: `__1` adds an addedConvo sibling, plain ids a first-column one', async () => {
    h.sim.enqueue({ text: 'first' }, { text: 'first' }, { text: 'again added' }, { text: 'again first' });
    const q = newQuestion('Compare twice');
    await askBoth(q);
    const conversationId = q.newConversationId;
    const read = async () => (await h.client.get(`/api/messages/${conversationId}`)).json;
    const before = await read();

    // The added column, asked again on its own endpoint's route, as the web client does.
    const addedAgain = await readSse(`${h.server.baseUrl}/api/ask/Simulator`, {
      token: h.client.token,
      body: {
        ...COLUMNS[1],
        text: 'Compare twice',
        conversationId,
        parentMessageId: NO_PARENT,
        messageId: `${q.userMessageId}__1`,
        overrideUserMessageId: `${q.userMessageId}__1`,
        overrideParentMessageId: q.userMessageId,
        isRegenerate: true,
      },
    });
    expect(addedAgain.status).toBe(200);
    const addedReply = finalFrame(addedAgain.frames)!.data.responseMessage;
    expect(addedReply).toMatchObject({ parentMessageId: q.userMessageId, model: 'sim-1', addedConvo: true });
    expect(isMessage(addedReply)).toBe('ok');
    // The first column, asked again with plain ids (LibreChat's regenerate): no flag.
    const firstAgain = await h.ask({
      ...COLUMNS[0],
      text: 'Compare twice',
      conversationId,
      messageId: q.userMessageId,
      overrideParentMessageId: q.userMessageId,
      isRegenerate: true,
    });
    expect(finalFrame(firstAgain.frames)!.data.responseMessage).not.toHaveProperty('addedConvo');

    const after = await read();
    // Nothing lost or duplicated: the one user message, the two first answers, one new reply per column.
    expect(after).toHaveLength(before.length + 2);
    expect(after.filter((m: any) => m.isCreatedByUser)).toHaveLength(1);
    for (const m of before) expect(after).toContainEqual(m);
    const replies = after.filter((m: any) => m.parentMessageId === q.userMessageId);
    expect(replies.map((m: any) => [m.model, m.addedConvo === true]).sort()).toEqual([
      ['gpt-4o-mini', false],
      ['gpt-4o-mini', false],
      ['sim-1', true],
      ['sim-1', true],
    ]);
    expect(h.sim.requests.map((r) => r.body.model)).toEqual(expect.arrayContaining(['sim-1', 'gpt-4o-mini']));
    // The conversation stays column 0's.
    const convo = (await h.client.get(`/api/convos/${conversationId}`)).json;
    expect(convo).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o-mini' });

    // Continuing the added column's reply with its model keeps it the added one's, and the
    // conversation column 0's.
    h.sim.enqueue({ text: ' and more' });
    const continued = await readSse(`${h.server.baseUrl}/api/ask/Simulator`, {
      token: h.client.token,
      body: {
        ...COLUMNS[1],
        text: 'Compare twice',
        conversationId,
        parentMessageId: NO_PARENT,
        messageId: q.userMessageId,
        overrideParentMessageId: q.userMessageId,
        responseMessageId: addedReply.messageId,
        isContinued: true,
      },
    });
    expect(finalFrame(continued.frames)!.data.responseMessage).toMatchObject({
      messageId: addedReply.messageId,
      text: 'again added and more',
      addedConvo: true,
    });
    expect((await h.client.get(`/api/convos/${conversationId}`)).json).toMatchObject({ model: 'gpt-4o-mini' });

    // A duplicate keeps which reply is whose.
    const copy = await h.client.post('/api/convos/duplicate', { conversationId });
    expect(copy.status).toBe(201);
    const copied = (await h.client.get(`/api/messages/${copy.json.conversation.conversationId}`)).json;
    expect(copied.filter((m: any) => m.addedConvo).map((m: any) => m.model)).toEqual(['sim-1', 'sim-1']);
  });

  describe('ids that are not the caller’s', () => {
    /** Another user's conversation with one exchange, and how it reads before anything is tried. */
    async function othersMessage() {
      const other = new TestClient(h.server.baseUrl);
      await other.register();
      h.sim.enqueue({ text: 'private reply' });
      const final = finalFrame((await h.ask({ text: 'private question' }, '/api/ask/openAI', other)).frames)!.data;
      const conversationId = final.conversation.conversationId;
      const read = async () => (await other.get(`/api/messages/${conversationId}`)).json;
      return { other, conversationId, messageId: final.requestMessage.messageId as string, read, before: await read() };
    }

    it.each([0, 1] as const)(
      'refuses column %i naming another user’s message (409), storing and changing nothing',
      async (column) => {
        const victim = await othersMessage();
        const counts = await storedCounts(h.server);
        const q = { ...newQuestion('steal'), userMessageId: victim.messageId };
        const { status, json } = await send(column, q);
        expect(status).toBe(409);
        expect(json).toMatchObject({ code: 'conflict' });
        expect(JSON.stringify(json)).not.toContain('private');
        expect(await storedCounts(h.server)).toEqual(counts);
        expect(await victim.read()).toEqual(victim.before);
        expect(h.sim.requests).toHaveLength(1);
      },
    );

    it('refuses a new chat id that is another user’s conversation (409), and column 1 in their existing one (404)', async () => {
      const victim = await othersMessage();
      const counts = await storedCounts(h.server);
      const asNewChat = await send(0, { ...newQuestion('into theirs'), newConversationId: victim.conversationId });
      expect(asNewChat.status).toBe(409);
      const parentMessageId = victim.before.at(-1).messageId;
      const inTheirs = {
        ...newQuestion('into theirs'),
        newConversationId: null,
        conversationId: victim.conversationId,
        parentMessageId,
      };
      const added = await send(1, inTheirs);
      expect(added.status).toBe(404);
      expect(await storedCounts(h.server)).toEqual(counts);
      expect(await victim.read()).toEqual(victim.before);
    });
  });

  it('refuses malformed or mismatched multi-conversation ids (400) and column 1 naming a reply (404), storing nothing', async () => {
    h.sim.enqueue({ text: 'mine' });
    const mine = finalFrame((await h.ask({ text: 'my question' })).frames)!.data;
    const counts = await storedCounts(h.server);
    const id = randomUUID();
    const bad = [
      { messageId: `${id}__2`, overrideUserMessageId: `${id}__2` },
      { messageId: `${id}_`, overrideUserMessageId: `${id}__0` },
      { messageId: `${id}__1`, overrideUserMessageId: `${id}__0` },
      { messageId: randomUUID(), overrideUserMessageId: `${id}__0` },
      { messageId: `${id}__0`, overrideUserMessageId: `${id}__0`, overrideConvoId: `${randomUUID()}__1` },
      {
        messageId: `${id}__0`,
        overrideUserMessageId: `${id}__0`,
        overrideParentMessageId: mine.requestMessage.messageId,
      },
      // A regenerate in column 1 answers the message it names, in an existing conversation.
      {
        messageId: `${mine.requestMessage.messageId}__1`,
        overrideUserMessageId: `${mine.requestMessage.messageId}__1`,
        overrideParentMessageId: id,
      },
      {
        messageId: `${mine.requestMessage.messageId}__1`,
        overrideUserMessageId: `${mine.requestMessage.messageId}__1`,
        overrideConvoId: `${randomUUID()}__1`,
        isRegenerate: true,
      },
      { messageId: `${id}__1`, overrideUserMessageId: `${id}__1`, isContinued: true },
    ];
    for (const ids of bad) {
      const { status, json } = await h.ask({ text: 'x', ...ids });
      expect(status, JSON.stringify(ids)).toBe(400);
      expect(json.code).toBe('validation_error');
    }
    const replyId = mine.responseMessage.messageId;
    const namingReply = await send(1, {
      text: 'x',
      userMessageId: replyId,
      newConversationId: null,
      conversationId: mine.conversation.conversationId,
      parentMessageId: NO_PARENT,
    });
    expect(namingReply.status).toBe(404);
    // A regenerate in column 1 does not wait for its message to be stored: unknown is 404 at once.
    const started = Date.now();
    const unknown = await h.ask({
      text: 'x',
      conversationId: mine.conversation.conversationId,
      messageId: `${id}__1`,
      overrideUserMessageId: `${id}__1`,
      isRegenerate: true,
    });
    expect(unknown.status).toBe(404);
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(await storedCounts(h.server)).toEqual(counts);
  });
});
