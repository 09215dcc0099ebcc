import { NO_PARENT } from '@confab/shared';
import { scriptReply, startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { MEMORY_CONTEXT_HEADING } from '../src/features/memories/memory-prompts.js';
import { updateRolePermissions } from '../src/features/roles/roles.repo.js';
import { seedAgent } from './agent-seed.js';
import { TestClient } from './http-client.js';
import { finalFrame, readSse, type SseFrame } from './sse-client.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

const MEMORY_MODEL = 'sim-memory';

/**
 * Issue 41, memory in chats: the memory step (the simulator playing LibreChat's memory agent by
 * the `[[remember:K=V]]` / `[[forget:K]]` markers) saves and deletes memories through
 * set_memory / delete_memory, and the saved memories reach the next conversation's prompt,
 * asserted in the simulator's request log.
 */
describeEachDialect('memory in chats', (dialect) => {
  let sim: OpenAISimulator;
  let server: TestServer;
  const TOKEN_LIMIT = 30;

  beforeAll(async () => {
    sim = await startOpenAISimulator({ apiKey: 'sk-test' });
    sim.setResponder(scriptReply);
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-test', OPENAI_REVERSE_PROXY: sim.url, TITLE_CONVO: 'false' },
      config: {
        endpoints: {
          custom: [{ name: 'Simulator', apiKey: 'sk-test', baseURL: sim.url, models: { default: [MEMORY_MODEL] } }],
        },
        memory: { tokenLimit: TOKEN_LIMIT, agent: { provider: 'Simulator', model: MEMORY_MODEL } },
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await sim?.close();
  });
  /** A fresh request log, the scripted replies kept (a reset restores the simulator's default replies). */
  const resetLog = () => {
    sim.reset();
    sim.setResponder(scriptReply);
  };
  beforeEach(resetLog);

  async function newUser(): Promise<TestClient> {
    const client = new TestClient(server.baseUrl);
    await client.register();
    return client;
  }

  async function ask(user: TestClient, text: string, extra: Record<string, unknown> = {}, path = '/api/ask/openAI') {
    const res = await readSse(server.baseUrl + path, {
      token: user.token,
      body: {
        endpoint: 'openAI',
        model: 'gpt-4o-mini',
        parentMessageId: NO_PARENT,
        conversationId: null,
        text,
        ...extra,
      },
    });
    expect(res.status).toBe(200);
    const final = finalFrame(res.frames);
    expect(final?.event).toBe('message');
    return { frames: res.frames, final: final!.data };
  }

  /** The system prompt of each chat request (not the memory step's) since the last reset. */
  const chatSystems = (): string[] =>
    sim.requests
      .filter((r) => r.body?.model !== MEMORY_MODEL)
      .map((r) =>
        (r.body.messages as { role: string; content: unknown }[])
          .filter((m) => m.role === 'system')
          .map((m) => String(m.content))
          .join('\n'),
      );
  const memoryRequests = () => sim.requests.filter((r) => r.body?.model === MEMORY_MODEL);
  const attachmentFrames = (frames: SseFrame[]) => frames.filter((f) => f.event === 'attachment').map((f) => f.data);
  const keysOf = async (user: TestClient, query = '') =>
    ((await user.get(`/api/memories${query}`)).json.memories as { key: string; value: string }[]).map(
      (m) => `${m.key}=${m.value}`,
    );

  it('saves a memory from one conversation, attaches it to the reply, and gives it to the next conversation only', async () => {
    const alice = await newUser();
    const first = await ask(alice, '[[remember:favourite_colour=teal]] I like teal.');
    const attachment = {
      type: 'memory',
      messageId: first.final.responseMessage.messageId,
      conversationId: first.final.conversation.conversationId,
      toolCallId: expect.any(String),
      memory: { type: 'update', key: 'favourite_colour', value: 'teal', tokenCount: expect.any(Number) },
    };
    expect(attachmentFrames(first.frames)).toEqual([attachment]);
    expect(first.final.responseMessage.attachments).toEqual([attachment]);
    // Stored on the reply: the message list has it too.
    const stored = (await alice.get(`/api/messages/${first.final.conversation.conversationId}`)).json as {
      messageId: string;
      attachments?: unknown[];
    }[];
    expect(stored.find((m) => m.messageId === attachment.messageId)?.attachments).toEqual([attachment]);
    expect(await keysOf(alice)).toEqual(['favourite_colour=teal']);
    // The memory step read the user's message, offered LibreChat's tools.
    const step = memoryRequests()[0]!.body;
    expect((step.tools as { function: { name: string } }[]).map((t) => t.function.name).sort()).toEqual([
      'delete_memory',
      'set_memory',
    ]);
    expect(JSON.stringify(step.messages)).toContain('[[remember:favourite_colour=teal]]');

    resetLog();
    const second = await ask(alice, 'What do you know about me?');
    expect(chatSystems()).toEqual([`${MEMORY_CONTEXT_HEADING}\n- favourite_colour: teal`]);
    // Model-only: the conversation keeps no system prompt, and no memory went to the reply.
    expect(second.final.conversation.system ?? null).toBeNull();
    expect(second.final.responseMessage.attachments ?? []).toEqual([]);

    // Another user gets none of it.
    resetLog();
    const bob = await newUser();
    await ask(bob, 'Hello');
    expect(chatSystems()).toEqual(['']);
    expect(await keysOf(bob)).toEqual([]);
  });

  it('reads and writes no memory in a temporary chat', async () => {
    const user = await newUser();
    await ask(user, '[[remember:city=Oslo]] I live in Oslo.');
    resetLog();
    const temporary = await ask(user, '[[remember:pet=cat]] I have a cat.', { isTemporary: true });
    expect(chatSystems()).toEqual(['']);
    expect(memoryRequests()).toEqual([]);
    expect(temporary.final.responseMessage.attachments ?? []).toEqual([]);
    expect(await keysOf(user)).toEqual(['city=Oslo']);
  });

  it('updates with the previous value, deletes on forget, refuses past the token limit, and the next prompt follows', async () => {
    const user = await newUser();
    await ask(user, '[[remember:drink=tea]] Tea, please.');
    const changed = await ask(user, '[[remember:drink=coffee]] Actually coffee.');
    expect(changed.final.responseMessage.attachments).toEqual([
      expect.objectContaining({
        memory: expect.objectContaining({ type: 'update', key: 'drink', value: 'coffee', previousValue: 'tea' }),
      }),
    ]);

    // Over the token limit: refused, the reason goes back to the model as the tool's result, nothing stored.
    resetLog();
    const long = Array.from({ length: 40 }, (_, i) => `word${i}`).join(' ');
    const over = await ask(user, `[[remember:story=${long}]] Remember my story.`);
    expect(over.final.responseMessage.attachments ?? []).toEqual([]);
    const toolResult = memoryRequests()
      .flatMap((r) => r.body.messages as { role: string; content: string }[])
      .find((m) => m.role === 'tool');
    expect(toolResult?.content).toContain(`exceed the token limit of ${TOKEN_LIMIT}`);
    expect(await keysOf(user)).toEqual(['drink=coffee']);
    const usage = (await user.get('/api/memories')).json;
    expect(usage.totalTokens).toBeLessThanOrEqual(TOKEN_LIMIT);

    resetLog();
    const forgotten = await ask(user, '[[forget:drink]] Forget what I drink.');
    expect(forgotten.final.responseMessage.attachments).toEqual([
      expect.objectContaining({ memory: { type: 'delete', key: 'drink', value: 'coffee' } }),
    ]);
    expect(await keysOf(user)).toEqual([]);
    resetLog();
    await ask(user, 'Anything to drink?');
    expect(chatSystems()).toEqual(['']);

    // Deleted through the API: gone from the next prompt too.
    expect((await user.post('/api/memories', { key: 'sport', value: 'Runs marathons' })).status).toBe(201);
    resetLog();
    await ask(user, 'Plan my week');
    expect(chatSystems()[0]).toContain('sport: Runs marathons');
    expect((await user.delete('/api/memories/sport')).status).toBe(200);
    resetLog();
    await ask(user, 'Plan my week again');
    expect(chatSystems()).toEqual(['']);
  });

  it('keeps the memories within the token limit in the prompt, newest first, when the limit is lowered later', async () => {
    const user = await newUser();
    const me = (await user.get('/api/user')).json as { id: string };
    // Saved under a higher limit (written directly): only the newest that fit reach the model.
    const now = Date.now();
    for (const [i, key] of ['old', 'mid', 'new'].entries()) {
      await server.db.kysely
        .insertInto('memories')
        .values({
          id: `mem-${me.id}-${key}`,
          user_id: me.id,
          agent_id: '',
          key,
          value: `value ${key}`,
          token_count: 12,
          created_at: new Date(now + i).toISOString(),
          updated_at: new Date(now + i).toISOString(),
        })
        .execute();
    }
    await ask(user, 'Hi');
    const system = chatSystems()[0]!;
    expect(system).toContain('new: value new');
    expect(system).toContain('mid: value mid');
    expect(system).not.toContain('old: value old');
  });

  it('reads and writes nothing for a user who turned memory off, and again once on', async () => {
    const user = await newUser();
    await user.post('/api/memories', { key: 'name', value: 'Sam' });
    expect((await user.patch('/api/memories/preferences', { memories: false })).json).toEqual({
      updated: true,
      preferences: { memories: false },
    });
    expect((await user.get('/api/user')).json.personalization).toEqual({ memories: false });
    resetLog();
    await ask(user, '[[remember:team=blue]] I am on the blue team.');
    expect(chatSystems()).toEqual(['']);
    expect(memoryRequests()).toEqual([]);
    expect(await keysOf(user)).toEqual(['name=Sam']);

    await user.patch('/api/memories/preferences', { memories: true });
    expect((await user.get('/api/user')).json.personalization).toEqual({ memories: true });
    resetLog();
    await ask(user, 'Hi again');
    expect(chatSystems()[0]).toContain('name: Sam');
  });

  it("keeps an agent's own memories apart: written in its chats, read beside the general ones there only", async () => {
    const user = await newUser();
    const me = (await user.get('/api/user')).json as { id: string };
    // Configured for memory in the builder's API (LibreChat-like `memory: {enabled}`).
    const created = await user.post('/api/agents', {
      provider: 'openAI',
      model: 'gpt-4o-mini',
      name: 'Archivist',
      memory: { enabled: true },
    });
    expect(created.status).toBe(201);
    expect(created.json.memory).toEqual({ enabled: true });
    const agentId = created.json.id as string;
    const plainAgent = await seedAgent(server.db.kysely, me.id, { instructions: 'Be brief.' });
    await user.post('/api/memories', { key: 'language', value: 'Speaks Dutch' });

    const agentAsk = (text: string, id: string) =>
      ask(user, text, { endpoint: 'agents', agent_id: id, model: undefined }, '/api/agents/chat/agents');
    const saved = await agentAsk('[[remember:project=Apollo]] My project is Apollo.', agentId);
    expect(saved.final.responseMessage.attachments).toEqual([
      expect.objectContaining({
        memory: expect.objectContaining({ type: 'update', key: 'project', value: 'Apollo', agentId }),
      }),
    ]);
    expect(await keysOf(user)).toEqual(['language=Speaks Dutch']);
    expect(await keysOf(user, `?agent_id=${agentId}`)).toEqual(['project=Apollo']);

    resetLog();
    await agentAsk('What am I working on?', agentId);
    const inAgent = chatSystems()[0]!;
    expect(inAgent).toContain('language: Speaks Dutch');
    expect(inAgent).toContain('project: Apollo');

    // Elsewhere (a plain chat, an agent without memory) only the general memories.
    resetLog();
    await ask(user, 'Hello');
    await agentAsk('Hello', plainAgent);
    for (const system of chatSystems()) {
      expect(system).toContain('language: Speaks Dutch');
      expect(system).not.toContain('Apollo');
    }

    // The API: the agent's memories through ?agent_id=, for an agent of the caller's with memory on only.
    expect((await user.delete(`/api/memories/project?agent_id=${agentId}`)).status).toBe(200);
    expect(await keysOf(user, `?agent_id=${agentId}`)).toEqual([]);
    expect((await user.get(`/api/memories?agent_id=${plainAgent}`)).status).toBe(400);
    const stranger = await newUser();
    expect((await stranger.get(`/api/memories?agent_id=${agentId}`)).status).toBe(404);
    expect((await stranger.post(`/api/memories?agent_id=${agentId}`, { key: 'x', value: 'y' })).status).toBe(404);
  });
});

/** Who may use the memories API: MEMORIES permissions, `interface.memories`, `memory.personalize`. */
describeEachDialect('memory permissions', (dialect) => {
  let open: TestServer;
  let noInterface: TestServer;
  let fixed: TestServer;

  beforeAll(async () => {
    [open, noInterface, fixed] = await Promise.all([
      startTestServer({ dialect }),
      startTestServer({ dialect, config: { interface: { memories: false } } }),
      startTestServer({ dialect, config: { memory: { personalize: false } } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([open, noInterface, fixed].map((server) => server?.close()));
  });

  async function userOf(server: TestServer) {
    const client = new TestClient(server.baseUrl);
    await client.register();
    return client;
  }

  it('refuses each action whose MEMORIES permission the role lacks, and stores nothing', async () => {
    await userOf(open); // the first account is the administrator
    const user = await userOf(open);
    await user.post('/api/memories', { key: 'kept', value: 'Kept value' });
    const setRole = async (permissions: Record<string, boolean>) => {
      await updateRolePermissions(open.db, 'USER', 'MEMORIES', permissions as never);
    };
    await setRole({ READ: false });
    expect((await user.get('/api/memories')).status).toBe(403);
    await setRole({ READ: true, CREATE: false });
    expect((await user.post('/api/memories', { key: 'new', value: 'x' })).status).toBe(403);
    await setRole({ CREATE: true, UPDATE: false });
    expect((await user.patch('/api/memories/kept', { value: 'Changed' })).status).toBe(403);
    expect((await user.delete('/api/memories/kept')).status).toBe(403);
    await setRole({ UPDATE: true, OPT_OUT: false });
    expect((await user.patch('/api/memories/preferences', { memories: false })).status).toBe(403);
    await setRole({ OPT_OUT: true, USE: false });
    expect((await user.get('/api/memories')).status).toBe(403);
    await setRole({ USE: true });
    const list = (await user.get('/api/memories')).json;
    expect(list.memories.map((m: { key: string; value: string }) => `${m.key}=${m.value}`)).toEqual([
      'kept=Kept value',
    ]);
    expect((await user.get('/api/user')).json.personalization).toEqual({ memories: true });
  });

  it('turns the API off with interface.memories: false', async () => {
    const user = await userOf(noInterface);
    const res = await user.get('/api/memories');
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('forbidden');
    expect((await user.post('/api/memories', { key: 'a', value: 'b' })).status).toBe(403);
  });

  it('keeps memory on, and the switch refused, with memory.personalize: false', async () => {
    const user = await userOf(fixed);
    const res = await user.patch('/api/memories/preferences', { memories: false });
    expect(res.status).toBe(403);
    expect(res.json.code).toBe('forbidden');
    expect((await user.get('/api/user')).json.personalization).toEqual({ memories: true });
    expect((await user.post('/api/memories', { key: 'a', value: 'b' })).status).toBe(201);
    // The web app is told, and shows no switch.
    expect((await user.get('/api/config')).json.memory).toEqual({ disabled: false, personalize: false });
    expect((await (await userOf(open)).get('/api/config')).json.memory).toEqual({ disabled: false, personalize: true });
  });
});
