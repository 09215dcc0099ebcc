import { messageText, type Message } from '@confab/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { seedConversation } from '../conversations/test-seed.js';
import { readFixture, treeShape, uploadImport } from './import-test-helpers.js';

describeEachDialect('conversation export', (dialect) => {
  let server: TestServer;
  let owner: TestClient;
  let lisbonId: string;
  let ownerId: string;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    owner = new TestClient(server.baseUrl);
    ownerId = (await owner.register()).user.id;
    const res = await uploadImport(server.baseUrl, owner.token, { name: 'conversations.json', body: readFixture('chatgpt-branch.json') });
    lisbonId = res.json.conversations[0].conversationId;
  });
  afterAll(() => server.close());

  const exportAs = (format: string, id = lisbonId, client = owner) => client.get(`/api/convos/${id}/export?format=${format}`);
  const messagesOf = async (id: string): Promise<Message[]> => (await owner.get(`/api/messages/${id}`)).json;

  it('JSON: LibreChat export shape with every branch, as an attachment', async () => {
    const res = await exportAs('json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Lisbon day trip.json"; filename*=UTF-8''Lisbon%20day%20trip.json`);
    expect(res.json).toMatchObject({
      conversationId: lisbonId,
      endpoint: 'openAI',
      title: 'Lisbon day trip',
      branches: true,
      recursive: false,
      options: { model: 'gpt-4o', endpoint: 'openAI', title: 'Lisbon day trip' },
    });
    expect(res.json.options.user).toBeUndefined();
    expect(res.json.messages).toHaveLength(6);
    expect(res.json.messages.map((m: Message) => m.text)).toContain('Make it cheaper');
    expect(res.json.messages[0]).toMatchObject({ messageId: expect.any(String), parentMessageId: expect.any(String), isCreatedByUser: true, sender: 'User' });
  });

  it('JSON round-trips through the importer: same texts, same tree, new ids', async () => {
    const exported = await exportAs('json');
    const res = await uploadImport(server.baseUrl, owner.token, { name: 'Lisbon day trip.json', body: exported.text });
    expect(res.status, res.text).toBe(201);
    expect(res.json.conversations).toEqual([{ conversationId: expect.any(String), title: 'Lisbon day trip' }]);
    const copyId = res.json.conversations[0].conversationId;
    expect(copyId).not.toBe(lisbonId);

    const original = await messagesOf(lisbonId);
    const copy = await messagesOf(copyId);
    expect(treeShape(copy)).toEqual(treeShape(original));
    expect(copy.map((m) => m.createdAt).sort()).toEqual(original.map((m) => m.createdAt).sort());
    expect(copy.some((m) => original.some((o) => o.messageId === m.messageId))).toBe(false);
    const copyConvo = await owner.get(`/api/convos/${copyId}`);
    expect(copyConvo.json).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o' });

    // Reasoning parts survive the round trip too.
    const librechat = await uploadImport(server.baseUrl, owner.token, { name: 'tree.json', body: readFixture('librechat-tree.json') });
    const treeId = librechat.json.conversations[0].conversationId;
    const again = await uploadImport(server.baseUrl, owner.token, { name: 'again.json', body: (await exportAs('json', treeId)).text });
    const thought = (await messagesOf(again.json.conversations[0].conversationId)).find((m) => messageText(m) === 'About 3,281 feet.');
    expect(thought?.content?.[0]).toEqual({ type: 'think', think: '1 km = 1000 m, 1 ft = 0.3048 m.' });
  });

  it('Markdown: the title, then the current branch (newest sibling at each fork)', async () => {
    const res = await exportAs('md');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(res.headers.get('content-disposition')).toContain('filename="Lisbon day trip.md"');
    expect(res.text).toBe(
      [
        '# Lisbon day trip',
        '**User**\n\nPlan a day in Lisbon for me',
        '**AI**\n\nMorning in Belém, lunch in Alfama, sunset at a miradouro.',
        '**User**\n\nMake it vegetarian',
        '**AI**\n\nLunch at a vegetarian tasca in Alfama, pastéis de nata are fine too.',
      ].join('\n\n') + '\n',
    );
  });

  it('plain text', async () => {
    const res = await exportAs('txt');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expect(res.text.startsWith('Lisbon day trip\n===============\n\nUser:\nPlan a day in Lisbon for me\n\nAI:\nMorning in Belém')).toBe(true);
    expect(res.text).not.toContain('Make it cheaper');
  });

  it('a web-searched reply keeps its sources: listed after it in Markdown and text, attachments in JSON', async () => {
    const { conversationId, ids } = await seedConversation(server.db, ownerId, {
      title: 'Searched',
      messages: [
        { key: 'q', text: 'What is new in Rust?' },
        { key: 'a', parent: 'q', text: 'Async closures [1] and a new edition [2].', isCreatedByUser: false },
      ],
    });
    const source = (index: number, title: string, link: string) => ({ index, title, link, attribution: '', snippet: '', read: true });
    const attachments = [
      {
        type: 'web_search',
        messageId: ids.a,
        toolCallId: 'call_1',
        conversationId,
        web_search: {
          turn: 0,
          query: 'rust news',
          organic: [source(2, 'Rust 2024 [edition]', 'https://example.com/edition'), source(1, 'Async closures', 'https://example.com/async')],
          errors: [],
        },
      },
    ];
    await server.db.kysely.updateTable('messages').set({ attachments: JSON.stringify(attachments) }).where('message_id', '=', ids.a!).execute();

    const md = (await exportAs('md', conversationId)).text;
    expect(md).toContain(
      'Async closures [1] and a new edition [2].\n\n**Sources**\n\n- \\[1\\] [Async closures](<https://example.com/async>)\n- \\[2\\] [Rust 2024 \\[edition\\]](<https://example.com/edition>)\n',
    );
    const txt = (await exportAs('txt', conversationId)).text;
    expect(txt).toContain('Sources:\n[1] Async closures - https://example.com/async\n[2] Rust 2024 [edition] - https://example.com/edition\n');
    const json = (await exportAs('json', conversationId)).json;
    expect(json.messages.find((m: Message) => !m.isCreatedByUser).attachments).toEqual(attachments);
  });

  it('JSON is the default; an unknown format is a validation error', async () => {
    expect((await owner.get(`/api/convos/${lisbonId}/export`)).json.title).toBe('Lisbon day trip');
    const bad = await exportAs('pdf');
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('validation_error');
  });

  it('a safe ASCII filename plus the exact UTF-8 one', async () => {
    const file = JSON.stringify({ conversationId: 'x', title: 'Café "plans" / 東京?', messages: [{ messageId: 'a', text: 'hi', isCreatedByUser: true }] });
    const res = await uploadImport(server.baseUrl, owner.token, { name: 'x.json', body: file });
    const exported = await exportAs('md', res.json.conversations[0].conversationId);
    expect(exported.headers.get('content-disposition')).toBe(
      `attachment; filename="Cafe plans.md"; filename*=UTF-8''Caf%C3%A9%20%22plans%22%20%2F%20%E6%9D%B1%E4%BA%AC%3F.md`,
    );
  });

  it('an emoji title cut at the limit, or a right-to-left override, still gives a well-formed name', async () => {
    const file = JSON.stringify({ conversationId: 'x', title: 'plain', messages: [{ messageId: 'a', text: 'hi', isCreatedByUser: true }] });
    const id = (await uploadImport(server.baseUrl, owner.token, { name: 'x.json', body: file })).json.conversations[0].conversationId;
    const rename = async (title: string) => expect((await owner.post('/api/convos/update', { arg: { conversationId: id, title } })).status).toBe(200);

    await rename(`a${'😀'.repeat(49)}`); // the 80th code unit is half an emoji
    const emoji = await exportAs('md', id);
    expect(emoji.status).toBe(200);
    expect(emoji.headers.get('content-disposition')).toBe(
      `attachment; filename="a.md"; filename*=UTF-8''a${'%F0%9F%98%80'.repeat(49)}.md`,
    );

    await rename('report\u202Egpj.exe');
    const spoof = await exportAs('json', id);
    expect(spoof.status).toBe(200);
    expect(spoof.headers.get('content-disposition')).toBe(`attachment; filename="reportgpj.exe.json"; filename*=UTF-8''reportgpj.exe.json`);
  });

  it("is owner-only: another user's conversation is a 404, as is an unknown id", async () => {
    const stranger = new TestClient(server.baseUrl);
    await stranger.register();
    for (const format of ['json', 'md', 'txt']) {
      const res = await exportAs(format, lisbonId, stranger);
      expect(res.status).toBe(404);
      expect(res.text).not.toContain('Lisbon');
    }
    expect((await exportAs('json', '00000000-0000-4000-8000-000000000000')).status).toBe(404);
    expect((await new TestClient(server.baseUrl).get(`/api/convos/${lisbonId}/export`)).status).toBe(401);
  });
});
