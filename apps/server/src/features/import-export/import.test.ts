import { messageText, NO_PARENT, type Message } from '@confab/shared';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { readFixture, treeShape, uploadImport } from './import-test-helpers.js';

describeEachDialect('conversation import', (dialect) => {
  let server: TestServer;
  let client: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    client = new TestClient(server.baseUrl);
    await client.register();
  });
  afterAll(() => server.close());

  const importFixture = async (name: string) => {
    const res = await uploadImport(server.baseUrl, client.token, { name, body: readFixture(name) });
    expect(res.status, res.text).toBe(201);
    expect(res.json.message).toBe('Import successful');
    expect(res.json.imported).toBe(res.json.conversations.length);
    return res.json as { imported: number; conversations: { conversationId: string; title: string }[] };
  };
  const messagesOf = async (conversationId: string): Promise<Message[]> => {
    const res = await client.get(`/api/messages/${conversationId}`);
    expect(res.status).toBe(200);
    return res.json;
  };
  const byText = (messages: Message[], text: string) => {
    const found = messages.find((m) => messageText(m) === text);
    if (!found) throw new Error(`no message "${text}" in ${JSON.stringify(messages.map(messageText))}`);
    return found;
  };

  it('ChatGPT: keeps an edited prompt and its answer as a sibling branch, skips hidden nodes', async () => {
    const result = await importFixture('chatgpt-branch.json');
    expect(result.conversations.map((c) => c.title)).toEqual(['Lisbon day trip', 'Square root']);
    const [lisbon, sqrt] = result.conversations;

    const messages = await messagesOf(lisbon!.conversationId);
    expect(messages).toHaveLength(6); // root, system and the hidden "thoughts" node are gone
    expect(new Set(messages.map((m) => m.messageId)).size).toBe(6);
    expect(messages.every((m) => m.conversationId === lisbon!.conversationId)).toBe(true);
    expect(treeShape(messages)).toEqual([
      {
        text: 'Plan a day in Lisbon for me',
        user: true,
        children: [
          {
            text: 'Morning in Belém, lunch in Alfama, sunset at a miradouro.',
            user: false,
            children: [
              { text: 'Make it cheaper', user: true, children: [{ text: 'Take tram 28 instead of a tour, and picnic by the river.', user: false, children: [] }] },
              { text: 'Make it vegetarian', user: true, children: [{ text: 'Lunch at a vegetarian tasca in Alfama, pastéis de nata are fine too.', user: false, children: [] }] },
            ],
          },
        ],
      },
    ]);
    const first = byText(messages, 'Plan a day in Lisbon for me');
    expect(first.parentMessageId).toBe(NO_PARENT);
    expect(first.sender).toBe('User');
    expect(first.createdAt).toBe(new Date(1714585031150).toISOString());
    // The answer to the edit hangs on the edited prompt, across the skipped reasoning node.
    const vegetarianAnswer = byText(messages, 'Lunch at a vegetarian tasca in Alfama, pastéis de nata are fine too.');
    expect(vegetarianAnswer.parentMessageId).toBe(byText(messages, 'Make it vegetarian').messageId);
    expect(vegetarianAnswer).toMatchObject({ model: 'gpt-4o-mini', sender: 'ChatGPT', isCreatedByUser: false });

    const convo = await client.get(`/api/convos/${lisbon!.conversationId}`);
    expect(convo.json).toMatchObject({ title: 'Lisbon day trip', endpoint: 'openAI', model: 'gpt-4o', createdAt: new Date(1714585031148).toISOString() });

    // Tool output stays in the thread between the code call and the answer.
    const math = await messagesOf(sqrt!.conversationId);
    expect(treeShape(math)).toEqual([
      {
        text: 'What is the square root of 1764?',
        user: true,
        children: [
          {
            text: '```\nimport math\nmath.sqrt(1764)\n```',
            user: false,
            children: [{ text: '42.0', user: false, children: [{ text: 'The square root of 1764 is 42.', user: false, children: [] }] }],
          },
        ],
      },
    ]);
    expect(byText(math, '42.0').sender).toBe('Tool');
  });

  it('Claude: follows parent_message_uuid branches, keeps thinking apart, reads old linear exports', async () => {
    const result = await importFixture('claude.json');
    expect(result.conversations.map((c) => c.title)).toEqual(['Haiku about autumn', 'Summarise this file']);
    const haiku = await messagesOf(result.conversations[0]!.conversationId);
    expect(treeShape(haiku)).toEqual([
      {
        text: 'Write a haiku about autumn',
        user: true,
        children: [
          {
            text: 'Crimson leaves drifting\nwhispers of the cooling wind\nthe year exhales slow',
            user: false,
            children: [
              { text: 'Now one about spring', user: true, children: [{ text: 'Blossoms wake the hill', user: false, children: [] }] },
              { text: 'Now one about winter', user: true, children: [{ text: 'Snow hushes the street', user: false, children: [] }] },
            ],
          },
        ],
      },
    ]);
    const answer = byText(haiku, 'Crimson leaves drifting\nwhispers of the cooling wind\nthe year exhales slow');
    expect(answer.content).toEqual([
      { type: 'think', think: 'Five, seven, five syllables.' },
      { type: 'text', text: 'Crimson leaves drifting\nwhispers of the cooling wind\nthe year exhales slow' },
    ]);
    // Its text is in its parts, and `text` is "" beside them, as LibreChat answers a content message.
    expect(answer.text).toBe('');
    expect(answer.sender).toBe('Claude');

    const linear = await messagesOf(result.conversations[1]!.conversationId);
    expect(treeShape(linear)).toEqual([
      {
        text: 'Summarise this file\n\n[notes.txt]\nBuy milk. Call the bank.',
        user: true,
        children: [{ text: 'Two errands: milk and a call to the bank.', user: false, children: [] }],
      },
    ]);
  });

  it('Open WebUI: regenerated answers become siblings; reasoning details move to a think part', async () => {
    const result = await importFixture('open-webui.json');
    expect(result.conversations.map((c) => c.title)).toEqual(['Regex help']);
    const messages = await messagesOf(result.conversations[0]!.conversationId);
    expect(treeShape(messages)).toEqual([
      {
        text: 'How do I match an email address?',
        user: true,
        children: [
          { text: 'Use something like `\\S+@\\S+\\.\\S+`.', user: false, children: [] },
          { text: 'A pragmatic pattern is `^[^@\\s]+@[^@\\s]+$`.', user: false, children: [] },
        ],
      },
    ]);
    const second = byText(messages, 'A pragmatic pattern is `^[^@\\s]+@[^@\\s]+$`.');
    expect(second.content?.[0]).toEqual({ type: 'think', think: 'Keep it simple & practical.' });
    expect(second).toMatchObject({ model: 'qwen3:4b', sender: 'qwen3:4b', createdAt: new Date(1717000030_000).toISOString() });
  });

  it('LobeChat: one conversation per topic and one for the inbox, ordered by time, with the agent prompt', async () => {
    const result = await importFixture('lobechat.json');
    expect(result.conversations.map((c) => c.title)).toEqual(['Fresh pasta', 'Sourdough starter', 'Hi there']);
    const pasta = await messagesOf(result.conversations[0]!.conversationId);
    expect(treeShape(pasta)).toEqual([
      { text: 'How do I make fresh pasta?', user: true, children: [{ text: 'Flour and eggs, 100 g to one egg.', user: false, children: [] }] },
    ]);
    const convo = await client.get(`/api/convos/${result.conversations[0]!.conversationId}`);
    expect(convo.json).toMatchObject({ model: 'gpt-4o-mini', promptPrefix: 'You are a patient cooking teacher.', temperature: 0.6 });
    const inbox = await messagesOf(result.conversations[2]!.conversationId);
    expect(byText(inbox, 'Hello! How can I help?').model).toBe('gpt-3.5-turbo');
  });

  it('NextChat: reads the chat store, skips empty sessions and never touches the stored keys', async () => {
    const result = await importFixture('nextchat.json');
    expect(result.conversations.map((c) => c.title)).toEqual(['Birthday ideas']);
    const messages = await messagesOf(result.conversations[0]!.conversationId);
    expect(messages.map((m) => m.text)).toEqual([
      'Gift ideas for a 10 year old?',
      'A kite, a science kit, or a book series.',
      'What about this one?\n[image]',
      'That puzzle looks great for that age.',
    ]);
    expect(treeShape(messages)[0]!.children[0]!.children[0]!.children[0]!.text).toBe('That puzzle looks great for that age.');
    // A date that does not parse lands just after its parent instead of "now".
    const last = byText(messages, 'That puzzle looks great for that age.');
    expect(Date.parse(last.createdAt)).toBeGreaterThan(Date.parse(byText(messages, 'What about this one?\n[image]').createdAt));
    const stored = JSON.stringify(await server.db.kysely.selectFrom('conversations').selectAll().execute());
    expect(stored).not.toContain('sk-never-stored');
    expect(stored).not.toContain('do-not-import-me');
  });

  it('big-AGI: a full backup with current and legacy message shapes', async () => {
    const result = await importFixture('big-agi.json');
    expect(result.conversations.map((c) => c.title)).toEqual(['Prime numbers', 'French']);
    const primes = await messagesOf(result.conversations[0]!.conversationId);
    expect(treeShape(primes)).toEqual([{ text: 'Name three prime numbers.', user: true, children: [{ text: '2, 3 and 5.', user: false, children: [] }] }]);
    expect(byText(primes, '2, 3 and 5.').model).toBe('GPT-4o');
    const french = await messagesOf(result.conversations[1]!.conversationId);
    expect(byText(french, 'Bonjour')).toMatchObject({ model: 'gpt-3.5-turbo', createdAt: new Date(1690000002000).toISOString() });
  });

  it('big-AGI: a single exported chat', async () => {
    const backup = JSON.parse(readFixture('big-agi.json'));
    const res = await uploadImport(server.baseUrl, client.token, { name: 'conversation_prime.agi.json', body: JSON.stringify(backup.conversations[0]) });
    expect(res.status).toBe(201);
    expect(res.json.conversations.map((c: { title: string }) => c.title)).toEqual(['Prime numbers']);
  });

  it('chatbot-ui (LibreChat also reads it): linear history', async () => {
    const result = await importFixture('chatbot-ui.json');
    expect(result.conversations.map((c) => c.title)).toEqual(['Explain recursion']);
    const messages = await messagesOf(result.conversations[0]!.conversationId);
    expect(messages.map((m) => [m.isCreatedByUser, m.model])).toEqual([
      [true, null],
      [false, 'gpt-4'],
    ]);
  });

  it('LibreChat: a recursive tree with branches, content parts and options (no icon URL taken)', async () => {
    const result = await importFixture('librechat-tree.json');
    expect(result.conversations.map((c) => c.title)).toEqual(['Unit conversion']);
    const { conversationId } = result.conversations[0]!;
    expect(conversationId).not.toBe('8c2e4a6f-1b3d-4f5a-9c7e-2d4f6a8b0c1e');
    const messages = await messagesOf(conversationId);
    expect(messages.some((m) => m.messageId.startsWith('11111111-'))).toBe(false);
    expect(treeShape(messages)).toEqual([
      {
        text: 'How many feet in a mile?',
        user: true,
        children: [
          {
            text: '5,280 feet.',
            user: false,
            children: [
              { text: 'And in a kilometre?', user: true, children: [{ text: 'About 3,281 feet.', user: false, children: [] }] },
              { text: 'And in a nautical mile?', user: true, children: [{ text: 'About 6,076 feet.', user: false, children: [] }] },
            ],
          },
        ],
      },
    ]);
    expect(byText(messages, 'About 3,281 feet.').content?.[0]).toEqual({ type: 'think', think: '1 km = 1000 m, 1 ft = 0.3048 m.' });
    const convo = await client.get(`/api/convos/${conversationId}`);
    expect(convo.json).toMatchObject({ endpoint: 'openAI', model: 'gpt-4o', promptPrefix: 'Answer briefly.', temperature: 0.7 });
    expect(convo.json.iconURL).toBeUndefined();
  });

  it('reads a 5,000-message LibreChat thread nested 10,000 levels deep without recursion', async () => {
    const depth = 5000;
    let body = '{"conversationId":"deep","title":"Deep thread","recursive":true,"messagesTree":[';
    for (let i = 0; i < depth; i++) body += `{"messageId":"m${i}","isCreatedByUser":${i % 2 === 0},"text":"turn ${i}","children":[`;
    body += ']}'.repeat(depth) + ']}';
    const res = await uploadImport(server.baseUrl, client.token, { name: 'deep.json', body });
    expect(res.status, res.text).toBe(201);
    const messages = await messagesOf(res.json.conversations[0].conversationId);
    expect(messages).toHaveLength(depth);
    const byId = new Map(messages.map((m) => [m.messageId, m]));
    const last = byText(messages, `turn ${depth - 1}`);
    let hops = 0;
    for (let m: Message | undefined = last; m && m.parentMessageId !== NO_PARENT; m = byId.get(m.parentMessageId)) hops++;
    expect(hops).toBe(depth - 1);
  });

  it('caps titles at 100 characters and message texts at the message limit; strips NUL', async () => {
    const long = 'x'.repeat(600_000);
    const body = JSON.stringify([
      { uuid: 'c', name: `${'T'.repeat(150)}`, chat_messages: [{ uuid: 'a', sender: 'human', text: `he\u0000llo ${long}` }] },
    ]);
    const res = await uploadImport(server.baseUrl, client.token, { name: 'claude.json', body });
    expect(res.status, res.text).toBe(201);
    expect(res.json.conversations[0].title).toBe('T'.repeat(100));
    const [message] = await messagesOf(res.json.conversations[0].conversationId);
    expect(message!.text).toHaveLength(500_000);
    expect(message!.text.startsWith('hello x')).toBe(true);
  });

  it('imports only for the caller', async () => {
    const result = await importFixture('chatbot-ui.json');
    const other = new TestClient(server.baseUrl);
    await other.register();
    expect((await other.get(`/api/convos/${result.conversations[0]!.conversationId}`)).status).toBe(404);
    expect((await other.get(`/api/messages/${result.conversations[0]!.conversationId}`)).status).toBe(404);
  });
});
