import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedConversation, snapshotTables } from '../src/features/conversations/test-seed.js';
import {
  conforms,
  dataService as service,
  failureOf,
  librechat,
  librechatAxios as axios,
} from './librechat-package.js';
import { describeEachDialect, startTestServer, type TestServer } from './test-server.js';

/**
 * LibreChat's own client package (`librechat-data-provider`) driving Confab's account, sidebar and
 * settings calls: auth, conversations, presets, bookmarks, keys, roles and shared links, through
 * its data service and checked with its zod schemas. The chat calls are in librechat-client.test.ts.
 */
const password = 'correct horse battery';

describeEachDialect('a LibreChat client on the account and sidebar calls (librechat-data-provider)', (dialect) => {
  let server: TestServer;

  /** Registers through the data service and signs its later calls in as that user. */
  async function signUp(name: string) {
    const email = `${name.toLowerCase().replace(/\s/g, '-')}-${randomUUID()}@example.com`;
    const { token, user } = await service.register({ name, email, password, confirm_password: password });
    librechat.setTokenHeader(token);
    return { token, user, email };
  }

  beforeAll(async () => {
    server = await startTestServer({
      dialect,
      env: { OPENAI_API_KEY: 'sk-test', TITLE_CONVO: 'false' },
      config: {
        endpoints: {
          custom: [
            {
              name: 'BringYourKey',
              apiKey: 'user_provided',
              baseURL: 'http://127.0.0.1:9/v1',
              models: { default: ['m1'] },
            },
          ],
        },
      },
    });
    axios.defaults.baseURL = server.baseUrl;
  });
  afterAll(async () => {
    librechat.setTokenHeader(undefined);
    await server.close();
  });

  it('answers a wrong password with the status its login form shows, not one that starts a token refresh', async () => {
    const { email } = await signUp('Login Tester');
    librechat.setTokenHeader(undefined);
    // Its interceptor refreshes the session on any 401 but from 2FA and logout calls; with no
    // session that ends in a reload of /login (in Node: no `window`), never in the message.
    for (const attempt of [
      { email, password: 'not the password' },
      { email: `nobody-${randomUUID()}@example.com`, password },
    ]) {
      const refused = await failureOf(service.login(attempt));
      expect(refused).toEqual({
        status: 404,
        body: { code: 'invalid_credentials', message: 'Email or password is incorrect.' },
      });
    }
    const { token, user } = await service.login({ email, password });
    librechat.setTokenHeader(token);
    expect((await service.getUser()).id).toBe(user.id);
  });

  it('saves a user key that never expires as its key dialog sends it, and refuses a bad expiry without a change', async () => {
    await signUp('Key Keeper');
    const inAnHour = new Date(Date.now() + 3600_000).toISOString();
    await service.updateUserKey({ name: 'BringYourKey', value: 'sk-user', expiresAt: inAnHour });
    expect((await service.userKeyQuery('BringYourKey')).expiresAt).toBe(inAnHour);

    // The dialog's "never" option: `expiresAt: ''`.
    await service.updateUserKey({ name: 'BringYourKey', value: 'sk-user-2', expiresAt: '' });
    expect((await service.userKeyQuery('BringYourKey')).expiresAt).toBeNull();
    const rowsBefore = await server.db.kysely.selectFrom('user_keys').selectAll().execute();
    expect(rowsBefore.map((r) => r.expires_at)).toEqual([null]);

    const refused = await failureOf(
      service.updateUserKey({ name: 'BringYourKey', value: 'sk-other', expiresAt: 'next tuesday' }),
    );
    expect(refused).toMatchObject({ status: 400, body: { code: 'validation_error' } });
    expect(await server.db.kysely.selectFrom('user_keys').selectAll().execute()).toEqual(rowsBefore);
    await service.revokeAllUserKeys();
  });

  it('keeps every setting of the presets LibreChat saves, in the shape its preset schema reads', async () => {
    await signUp('Preset Maker');
    const saved = [
      {
        title: 'My agent',
        endpoint: 'agents',
        agent_id: 'agent_abc123',
        instructions: 'Be brief.',
        additional_instructions: 'Use lists.',
      },
      {
        title: 'Gemini',
        endpoint: 'google',
        model: 'gemini-1.5-flash-latest',
        context: 'You are a tutor.',
        examples: [{ input: { content: 'Hi' }, output: { content: 'Hello!' } }],
        artifacts: 'default',
        topK: 40,
      },
      {
        title: 'Assistant',
        endpoint: 'assistants',
        assistant_id: 'asst_123',
        append_current_datetime: true,
        instructions: 'Answer in French.',
      },
      {
        title: 'Bedrock',
        endpoint: 'bedrock',
        model: 'anthropic.claude-3-haiku',
        region: 'eu-west-1',
        maxTokens: 1024,
        additionalModelRequestFields: { top_k: 5 },
      },
      {
        title: 'Plugins',
        endpoint: 'gptPlugins',
        model: 'gpt-4o',
        tools: ['dalle', 'calculator'],
        agentOptions: { agent: 'functions', skipCompletion: true, model: 'gpt-4o-mini', temperature: 0 },
      },
    ];
    for (const preset of saved) {
      const created = await service.createPreset({ ...preset, presetId: null, conversationId: null });
      expect(conforms(librechat.tPresetSchema, created)).toBe('ok');
      expect(created).toMatchObject(preset);
    }
    const stored = await service.getPresets();
    for (const preset of stored) expect(conforms(librechat.tPresetSchema, preset)).toBe('ok');
    expect(stored.map((p: { title: string }) => p.title).sort()).toEqual(saved.map((p) => p.title).sort());
    for (const preset of saved)
      expect(stored.find((p: { title: string }) => p.title === preset.title)).toMatchObject(preset);

    // A setting of the wrong type is refused, and nothing is written.
    const before = await service.getPresets();
    const refused = await failureOf(
      service.createPreset({ title: 'Broken', endpoint: 'google', examples: 'not a list' }),
    );
    expect(refused).toMatchObject({ status: 400, body: { code: 'validation_error' } });
    expect(await service.getPresets()).toEqual(before);
    await service.deletePreset(undefined);
  });

  it('reads its role in the shape its role schema expects, and a user cannot read the admin role', async () => {
    await signUp('Role Reader');
    const role = await service.getRole('USER');
    expect(conforms(librechat.roleSchema, role)).toBe('ok');
    expect(role.BOOKMARKS).toEqual({ USE: true });
    // LibreChat v0.7.8 reads the same permissions under `permissions`.
    expect(role.permissions.BOOKMARKS).toEqual({ USE: true });
    expect(await failureOf(service.getRole('ADMIN'))).toMatchObject({ status: 403, body: { code: 'forbidden' } });
  });

  it("never lets one user read or change another's conversations, presets, bookmarks or shared links", async () => {
    const alice = await signUp('Alice');
    const { conversationId, ids } = await seedConversation(server.db, alice.user.id, {
      title: 'Alice only',
      messages: [
        { key: 'q', text: 'a private question' },
        { key: 'a', parent: 'q', text: 'a private answer', isCreatedByUser: false },
      ],
    });
    const preset = await service.createPreset({ title: 'Alice preset', endpoint: 'openAI', model: 'gpt-4o-mini' });
    await service.createConversationTag({ tag: 'private', addToConversation: true, conversationId });
    const link = await service.createSharedLink(conversationId);
    const before = await snapshotTables(server.db);

    await signUp('Mallory');
    // Each call starts only when the one before has been answered: started together, the ones
    // still waiting to be awaited would reject unhandled.
    const attempts: [string, () => Promise<unknown>][] = [
      ['get', () => service.getConversationById(conversationId)],
      ['messages', () => service.getMessagesByConvoId(conversationId)],
      ['rename', () => service.updateConversation({ conversationId, title: 'Taken' })],
      ['archive', () => service.archiveConversation({ conversationId, isArchived: true })],
      ['duplicate', () => service.duplicateConversation({ conversationId })],
      [
        'fork',
        () =>
          service.forkConversation({ conversationId, messageId: ids.a, option: 'directPath', splitAtTarget: false }),
      ],
      ['title', () => service.genTitle({ conversationId })],
      ['delete', () => service.deleteConversation({ conversationId, source: 'button' })],
      ['tag the conversation', () => service.addTagToConversation(conversationId, { tags: ['mine'] })],
      [
        'bookmark the conversation',
        () => service.createConversationTag({ tag: 'mine', addToConversation: true, conversationId }),
      ],
      ['rename the tag', () => service.updateConversationTag('private', { tag: 'public' })],
      ['delete the tag', () => service.deleteConversationTag('private')],
      ['overwrite the preset', () => service.updatePreset({ ...preset, title: 'Taken' })],
      ['share', () => service.createSharedLink(conversationId)],
      ['refresh the link', () => service.updateSharedLink(link.shareId)],
      ['delete the link', () => service.deleteSharedLink(link.shareId)],
    ];
    for (const [label, attempt] of attempts) expect([label, (await failureOf(attempt())).status]).toEqual([label, 404]);

    expect(await service.deletePreset({ presetId: preset.presetId })).toEqual({ acknowledged: true, deletedCount: 0 });
    expect(await service.getSharedLink(conversationId)).toMatchObject({ success: false, shareId: null });
    expect((await service.listConversations({ pageNumber: '1', tags: ['private'] })).conversations).toEqual([]);
    expect((await service.searchConversations('private', '1')).messages).toEqual([]);
    expect(
      (await service.listSharedLinks({ pageSize: 25, isPublic: true, sortBy: 'createdAt', sortDirection: 'desc' }))
        .links,
    ).toEqual([]);
    await service.clearAllConversations();
    expect(await snapshotTables(server.db)).toEqual(before);
  });
});
