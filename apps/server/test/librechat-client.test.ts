import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import {
  conforms,
  dataService as service,
  failureOf,
  librechat,
  librechatAxios as axios,
} from './librechat-package.js';
import { readSse, type SseFrame } from './sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * LibreChat's own client code (the `librechat-data-provider` package its web app is built on)
 * driving Confab: its request builders, its data service and its zod schemas, unchanged. The
 * package ships no types; these tests read it as LibreChat's app does, through its results.
 */
const { NO_PARENT } = librechat.Constants;

const isMessage = (value: unknown) => conforms(librechat.tMessageSchema, value);
const isConversation = (value: unknown) => conforms(librechat.tConversationSchema, value);
const statusOf = async (call: Promise<unknown>) => (await failureOf(call)).status;

const newConversation = { conversationId: null, endpoint: 'openAI', model: 'gpt-4o-mini', title: 'New Chat', createdAt: '', updatedAt: '' };
const endpointOption = { endpoint: 'openAI', model: 'gpt-4o-mini' };

describeEachDialect('a LibreChat client (librechat-data-provider)', (dialect) => {
  let sim: OpenAISimulator;
  let server: TestServer;
  let token: string;

  /** What LibreChat's chat hook does: createPayload, then an SSE POST with the bearer token. */
  function send(submission: Record<string, unknown>, until?: (frame: SseFrame, all: SseFrame[]) => boolean) {
    const { server: path, payload } = librechat.createPayload({ endpointOption, ...submission });
    return readSse(server.baseUrl + path, { token, body: payload, until });
  }
  const userMessage = (text: string, conversationId: string | null, parentMessageId: string) => ({
    messageId: randomUUID(),
    conversationId,
    parentMessageId,
    text,
    sender: 'User',
    isCreatedByUser: true,
  });
  const finalOf = (frames: SseFrame[]) => frames.find((f) => f.data.final)?.data;

  async function startChat(text: string, reply: string) {
    sim.enqueue({ text: reply, chunkSize: 4 });
    const { status, frames } = await send({ conversation: newConversation, userMessage: userMessage(text, null, NO_PARENT) });
    expect(status).toBe(200);
    return finalOf(frames);
  }

  beforeAll(async () => {
    sim = await startOpenAISimulator({ apiKey: 'sk-test' });
    server = await startTestServer({ dialect, env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: sim.url, TITLE_CONVO: 'false' } });
    axios.defaults.baseURL = server.baseUrl;
  });
  afterAll(async () => {
    librechat.setTokenHeader(undefined);
    await server.close();
    await sim.close();
  });
  beforeEach(() => sim.reset());

  it('registers, signs in and reads the app configuration', async () => {
    const email = `lc-${randomUUID()}@example.com`;
    const password = 'correct horse battery';
    const registered = await service.register({ name: 'Libre Chat', username: `lc${Date.now()}`, email, password, confirm_password: password });
    expect(registered.token).toEqual(expect.any(String));
    const login = await service.login({ email, password });
    expect(login.user.email).toBe(email);
    token = login.token;
    librechat.setTokenHeader(token);

    expect((await service.getUser()).email).toBe(email);
    expect(await service.getStartupConfig()).toEqual(expect.objectContaining({ appTitle: expect.any(String) }));
    expect(Object.keys(await service.getAIEndpoints())).toContain('openAI');
    expect(await service.getEndpointsConfigOverride()).toBe(false);
    expect((await service.getModels()).openAI).toContain('gpt-4o-mini');
  });

  it('sends a new chat built by createPayload and gets messages and a conversation its schemas accept', async () => {
    sim.enqueue({ text: 'Hello from the simulator, in pieces.', chunkSize: 4 });
    const first = userMessage('Hello from LibreChat', null, NO_PARENT);
    const { status, frames } = await send({ conversation: newConversation, userMessage: first });
    expect(status).toBe(200);

    const created = frames[0]!.data;
    expect(created.created).toBe(true);
    expect(isMessage(created.message)).toBe('ok');
    expect(created.message.messageId).toBe(first.messageId);

    const final = finalOf(frames);
    expect(isMessage(final.requestMessage)).toBe('ok');
    expect(isMessage(final.responseMessage)).toBe('ok');
    expect(isConversation(final.conversation)).toBe('ok');
    expect(final.responseMessage.text).toBe('Hello from the simulator, in pieces.');
    expect(final.responseMessage.parentMessageId).toBe(first.messageId);

    const conversationId = final.conversation.conversationId;
    const stored = await service.getMessagesByConvoId(conversationId);
    expect(stored.map((m: unknown) => isMessage(m))).toEqual(['ok', 'ok']);
    expect(stored.map((m: { messageId: string }) => m.messageId)).toEqual([first.messageId, final.responseMessage.messageId]);
    expect(isConversation(await service.getConversationById(conversationId))).toBe('ok');

    const page = await service.listConversations({ pageNumber: '1' });
    expect(page.conversations.map((c: { conversationId: string }) => c.conversationId)).toContain(conversationId);
    for (const conversation of page.conversations) expect(isConversation(conversation)).toBe('ok');
    expect(await service.genTitle({ conversationId })).toEqual({ title: expect.any(String) });
  });

  it('follows up, regenerates and continues through the payloads LibreChat builds', async () => {
    const final = await startChat('First question', 'First answer.');
    const conversation = final.conversation;

    sim.enqueue({ text: 'Second answer.' });
    const followUp = userMessage('Second question', conversation.conversationId, final.responseMessage.messageId);
    const second = finalOf((await send({ conversation, userMessage: followUp })).frames);
    expect(second.requestMessage.parentMessageId).toBe(final.responseMessage.messageId);
    expect(second.responseMessage.text).toBe('Second answer.');
    // The history the model was given is the branch up to the follow-up.
    expect(sim.requests.at(-1)!.body.messages.map((m: { content: string }) => m.content)).toEqual([
      'First question',
      'First answer.',
      'Second question',
    ]);

    // LibreChat's regenerate: a placeholder id, the user's text and parent, and the message to answer again.
    sim.enqueue({ text: 'Another second answer.' });
    const regenerate = { ...followUp, messageId: randomUUID(), overrideParentMessageId: followUp.messageId };
    const regenerated = finalOf((await send({ conversation, userMessage: regenerate, isRegenerate: true })).frames);
    expect(regenerated.responseMessage.parentMessageId).toBe(followUp.messageId);
    expect(regenerated.responseMessage.messageId).not.toBe(second.responseMessage.messageId);

    // "Continue": an edited, continued submission of the user message (to the edit route), naming the reply.
    sim.enqueue({ text: ' And more.' });
    const { server: path } = librechat.createPayload({ conversation, userMessage: followUp, endpointOption, isEdited: true, isContinued: true });
    expect(path).toBe('/api/edit/openAI');
    const continued = finalOf(
      (
        await send({
          conversation,
          userMessage: { ...followUp, responseMessageId: regenerated.responseMessage.messageId, overrideParentMessageId: followUp.messageId },
          isEdited: true,
          isContinued: true,
        })
      ).frames,
    );
    expect(continued.responseMessage.messageId).toBe(regenerated.responseMessage.messageId);
    expect(continued.responseMessage.text).toBe('Another second answer. And more.');

    const stored = await service.getMessagesByConvoId(conversation.conversationId);
    expect(stored).toHaveLength(5);
    for (const message of stored) expect(isMessage(message)).toBe('ok');
  });

  it("goes on from a reply's edited text in the same reply when its editor saves and submits", async () => {
    const final = await startChat('Tell me a story', 'Once upon a time.');
    const { requestMessage: request, responseMessage: reply, conversation } = final;

    // LibreChat's editor asks again from the reply's parent, naming the reply and its edited text
    // (`generation`); createPayload sends that to the edit route, without isContinued.
    sim.enqueue({ text: ' The end.' });
    const edit = {
      conversation,
      userMessage: {
        ...userMessage(request.text, conversation.conversationId, request.parentMessageId),
        generation: 'Once upon a midnight.',
        responseMessageId: reply.messageId,
        overrideParentMessageId: request.messageId,
      },
      isEdited: true,
      isRegenerate: true,
    };
    const { server: path, payload } = librechat.createPayload({ endpointOption, ...edit });
    expect(path).toBe('/api/edit/openAI');
    expect(payload.isContinued).toBe(false);

    const edited = finalOf((await send(edit)).frames);
    expect(isMessage(edited.responseMessage)).toBe('ok');
    expect(edited.responseMessage.messageId).toBe(reply.messageId);
    expect(edited.responseMessage.parentMessageId).toBe(request.messageId);
    expect(edited.responseMessage.text).toBe('Once upon a midnight. The end.');
    // The model went on from the edited text.
    expect(sim.requests.at(-1)!.body.messages.at(-1)).toMatchObject({ role: 'assistant', content: 'Once upon a midnight.' });
    const stored = await service.getMessagesByConvoId(conversation.conversationId);
    expect(stored.map((m: { text: string }) => m.text)).toEqual(['Tell me a story', 'Once upon a midnight. The end.']);
  });

  it("names the reply by the conversation's model label, as LibreChat's clients name it while it streams", async () => {
    sim.enqueue({ text: 'Hello, student.' });
    const labelled = { ...endpointOption, modelLabel: 'Tutor' };
    const { frames } = await send({ conversation: newConversation, endpointOption: labelled, userMessage: userMessage('Hi', null, NO_PARENT) });
    expect(finalOf(frames).responseMessage.sender).toBe(librechat.getResponseSender(labelled));
  });

  it('turns a provider failure into an error reply that its error handler can read', async () => {
    const first = userMessage('This will fail', null, NO_PARENT);
    sim.enqueue({ error: { status: 401 } });
    const { status, frames } = await send({ conversation: newConversation, userMessage: first });
    expect(status).toBe(200);
    const error = frames.find((f) => f.event === 'error')!.data;
    // What LibreChat's errorHandler does with an error event that names its conversation.
    expect(isMessage({ ...error, error: true, parentMessageId: first.messageId })).toBe('ok');
    expect(JSON.parse(error.text)).toMatchObject({ type: 'invalid_api_key' });
    expect(error).toMatchObject({ messageId: expect.any(String), conversationId: frames[0]!.data.conversationId, isCreatedByUser: false });
  });

  it('gives a send refused before its stream starts the text its error reply shows', async () => {
    const initialResponse = { messageId: randomUUID(), conversationId: null, parentMessageId: NO_PARENT, text: '', sender: 'GPT-4o', isCreatedByUser: false };
    const refused = [
      await send({ conversation: newConversation, userMessage: userMessage(' ', null, NO_PARENT) }),
      await send({ conversation: { ...newConversation, conversationId: randomUUID() }, userMessage: userMessage('Hi', null, NO_PARENT) }),
    ];
    expect(refused.map((r) => r.status)).toEqual([400, 404]);
    for (const { json } of refused) {
      // LibreChat's errorHandler, for a body without a conversation: the placeholder reply, then the body.
      const shown = librechat.tMessageSchema.parse({ ...initialResponse, ...json, error: true });
      expect(shown.text).toBe(json.message);
      expect(shown.text).not.toBe('');
    }
  });

  it('edits messages and conversations, and deletes them with the older clear route', async () => {
    const final = await startChat('Edit me', 'An answer to edit.');
    const { conversationId } = final.conversation;
    const replyId = final.responseMessage.messageId;

    const edited = await service.updateMessage({ conversationId, messageId: replyId, text: 'Edited answer.' });
    expect(isMessage(edited)).toBe('ok');
    expect(edited.text).toBe('Edited answer.');
    const part = await service.updateMessageContent({ conversationId, messageId: replyId, index: 0, text: 'Edited part.' });
    // A part's edit makes the reply content parts: its text is in them, `text` "" beside them.
    expect(isMessage(part)).toBe('ok');
    expect(part.content).toEqual([{ type: 'text', text: 'Edited part.' }]);
    expect(part.text).toBe('');

    const renamed = await service.updateConversation({ conversationId, title: 'Renamed by LibreChat' });
    expect(isConversation(renamed)).toBe('ok');
    expect(renamed.title).toBe('Renamed by LibreChat');
    expect((await service.archiveConversation({ conversationId, isArchived: true })).isArchived).toBe(true);

    // Before v0.7.8 LibreChat deleted through POST /api/convos/clear: one conversation, or all.
    const other = await startChat('Keep me for now', 'Kept.');
    await service.deleteConversation({ conversationId, source: 'button' });
    expect(await statusOf(service.getConversationById(conversationId))).toBe(404);
    expect((await service.getConversationById(other.conversation.conversationId)).conversationId).toBe(other.conversation.conversationId);
    await service.clearAllConversations();
    expect(await statusOf(service.getConversationById(other.conversation.conversationId))).toBe(404);
  });

  it("saves an artifact editor's change and counts tokens through its data service", async () => {
    const code = '<h1>Hello</h1>';
    const final = await startChat('Make a page', `:::artifact{identifier="page" type="text/html" title="Page"}\n\`\`\`html\n${code}\n\`\`\`\n:::`);
    const { conversationId } = final.conversation;
    const edited = await service.editArtifact({ messageId: final.responseMessage.messageId, index: 0, original: code, updated: '<h1>Edited</h1>' });
    expect(edited).toEqual({ conversationId, text: expect.stringContaining('```html\n<h1>Edited</h1>\n```\n:::') });
    const [, reply] = await service.getMessagesByConvoId(conversationId);
    expect(reply.text).toBe(edited.text);
    expect(isMessage(reply)).toBe('ok');
    expect(await statusOf(service.editArtifact({ messageId: final.responseMessage.messageId, index: 3, original: code, updated: 'x' }))).toBe(400);

    expect(await service.updateTokenCount('Hello, world!')).toEqual({ count: 4 });
  });

  it('stops a running reply with abortRequestWithMessage', async () => {
    sim.enqueue({ text: 'word '.repeat(300), chunkSize: 5, delayMs: 10 });
    const started = await send({ conversation: newConversation, userMessage: userMessage('Talk for a while', null, NO_PARENT) }, (_f, all) =>
      all.some((f) => f.data.event === 'on_message_delta'),
    );
    const { conversationId } = started.frames[0]!.data;

    const stopped = await service.abortRequestWithMessage('openAI', conversationId, 'Stopped by the user');
    expect(stopped.final).toBe(true);
    expect(isMessage(stopped.responseMessage)).toBe('ok');
    expect(stopped.responseMessage.finish_reason).toBe('incomplete');
    expect(stopped.responseMessage.text.length).toBeGreaterThan(0);
    expect(await statusOf(service.abortRequestWithMessage('openAI', conversationId, 'again'))).toBe(404);
  });

  it("a reply's reasoning, timed (our durationMs beside LibreChat's think), is a message LibreChat reads, live and stored", async () => {
    sim.enqueue({ reasoning: 'Weighing it up.', text: 'Done.', chunkSize: 4, delayMs: 20 });
    const { status, frames } = await send({ conversation: newConversation, userMessage: userMessage('Think first', null, NO_PARENT) });
    expect(status).toBe(200);
    const final = finalOf(frames);
    expect(isMessage(final.responseMessage)).toBe('ok');
    const [, reply] = await service.getMessagesByConvoId(final.conversation.conversationId);
    expect(isMessage(reply)).toBe('ok');
    expect(reply.content).toEqual([
      { type: librechat.ContentTypes.THINK, think: 'Weighing it up.', durationMs: expect.any(Number) },
      { type: librechat.ContentTypes.TEXT, text: 'Done.' },
    ]);
    // The time arrives as an empty reasoning delta: LibreChat's client appends nothing to the thought.
    const reasoning = frames.filter((f) => f.data.event === 'on_reasoning_delta').map((f) => f.data.data.delta.content[0].think);
    expect(reasoning.join('')).toBe('Weighing it up.');
    expect(reasoning.at(-1)).toBe('');
  });

  it('keeps presets, bookmarks, shared links and search in the shapes LibreChat reads', async () => {
    const final = await startChat('Plan a trip to Lisbon', 'Here is a plan for Lisbon.');
    const { conversationId } = final.conversation;

    const preset = await service.createPreset({ title: 'Careful', endpoint: 'openAI', model: 'gpt-4o-mini', temperature: 0.3, top_p: null });
    expect(conforms(librechat.tPresetSchema, preset)).toBe('ok');
    expect(preset).toMatchObject({ temperature: 0.3 });
    expect(preset).not.toHaveProperty('top_p');
    for (const stored of await service.getPresets()) expect(conforms(librechat.tPresetSchema, stored)).toBe('ok');
    await service.deletePreset({ presetId: preset.presetId });
    expect(await service.getPresets()).toEqual([]);

    const tag = await service.createConversationTag({ tag: 'travel', description: 'Trips', addToConversation: true, conversationId });
    expect(conforms(librechat.tConversationTagSchema, tag)).toBe('ok');
    expect(await service.addTagToConversation(conversationId, { tags: ['travel', 'later'] })).toEqual(['travel', 'later']);
    const tags = await service.getConversationTags();
    expect(tags.map((t: { tag: string }) => t.tag).sort()).toEqual(['later', 'travel']);
    for (const t of tags) expect(conforms(librechat.tConversationTagSchema, t)).toBe('ok');

    const link = await service.createSharedLink(conversationId);
    const shared = await service.getSharedMessages(link.shareId);
    expect(shared.messages.map((m: { text: string }) => m.text)).toEqual(['Plan a trip to Lisbon', 'Here is a plan for Lisbon.']);
    for (const message of shared.messages) expect(isMessage(message)).toBe('ok');

    const found = await service.searchConversations('Lisbon', '1');
    expect(found.conversations.map((c: { conversationId: string }) => c.conversationId)).toContain(conversationId);
  });

  it('duplicates and forks a conversation, answering conversations and messages its schemas accept', async () => {
    const final = await startChat('Copy me', 'A reply worth copying.');
    const { conversationId } = final.conversation;
    const copy = await service.duplicateConversation({ conversationId });
    expect(isConversation(copy.conversation)).toBe('ok');
    expect(copy.messages.map((m: unknown) => isMessage(m))).toEqual(['ok', 'ok']);
    expect(copy.conversation.conversationId).not.toBe(conversationId);

    const replyId = final.responseMessage.messageId;
    const fork = await service.forkConversation({ conversationId, messageId: replyId, option: 'directPath', splitAtTarget: false, latestMessageId: replyId });
    expect(isConversation(fork.conversation)).toBe('ok');
    expect(fork.messages.map((m: { text: string }) => m.text)).toEqual(['Copy me', 'A reply worth copying.']);
    for (const message of fork.messages) expect(isMessage(message)).toBe('ok');
  });

  it('settles a call whose token refresh fails instead of leaving it waiting on the refresh', async () => {
    // An access token that no longer works and a refresh cookie that is no longer good. The data
    // service's interceptor refreshes once on a 401, and a 401 from the refresh call itself would
    // have it wait for the refresh in flight: its own, which then never settles.
    axios.defaults.headers.common.Cookie = 'refreshToken=no-longer-good';
    librechat.setTokenHeader('not-a-valid-token');
    try {
      const outcome = await Promise.race([statusOf(service.getUser()), new Promise((r) => setTimeout(() => r('still waiting'), 3000))]);
      expect(outcome).toBe(403);
    } finally {
      delete axios.defaults.headers.common.Cookie;
      librechat.setTokenHeader(token);
    }
    expect((await service.getUser()).id).toEqual(expect.any(String));
  });

  it('signs out with its bodyless logout call', async () => {
    await service.logout();
    // Read directly: on a 401 the data service tries a cookie refresh and then the browser's window.
    const res = await fetch(`${server.baseUrl}/api/user`, { headers: { authorization: `Bearer ${token}` } });
    expect(res.status).toBe(401);
  });
});
