import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { countRows, readFixture, uploadImport } from './import-test-helpers.js';

/** A ChatGPT node with a visible message, for building hostile mappings. */
const node = (id: string, parent: string | null, role = 'user', text = `text of ${id}`) => ({
  id,
  parent,
  children: [],
  message: { id, author: { role }, create_time: 1714585031, content: { content_type: 'text', parts: [text] }, metadata: {} },
});
const chatgptFile = (...conversations: unknown[]) => JSON.stringify(conversations);
const validConversation = { title: 'fine', mapping: { a: node('a', null), b: node('b', 'a', 'assistant') } };

describeEachDialect('conversation import refuses hostile files, storing nothing', (dialect) => {
  let server: TestServer;
  let client: TestClient;
  let before: { conversations: number; messages: number };

  beforeAll(async () => {
    server = await startTestServer({ dialect });
    client = new TestClient(server.baseUrl);
    await client.register();
    // Something already stored must survive every refused import untouched.
    await uploadImport(server.baseUrl, client.token, { name: 'seed.json', body: readFixture('chatbot-ui.json') });
  });
  afterAll(() => server.close());
  beforeEach(async () => {
    before = await countRows(server.db);
  });

  const expectRefused = async (name: string, body: string | Uint8Array, message: RegExp) => {
    const res = await uploadImport(server.baseUrl, client.token, { name, body });
    expect(res.status, res.text).toBe(400);
    expect(res.json.code).toBe('invalid_import');
    expect(res.json.message).toMatch(message);
    expect(await countRows(server.db)).toEqual(before);
    expect(readdirSync(join(server.dataDir, 'tmp'))).toEqual([]);
  };

  it('not JSON, empty, or trailing garbage', async () => {
    await expectRefused('notes.json', 'hello, world', /must hold a JSON object or array|not valid JSON/);
    await expectRefused('empty.json', '', /empty/);
    await expectRefused('tail.json', `${chatgptFile(validConversation)} {"more": 1}`, /after the end of the JSON/);
    await expectRefused('syntax.json', '[{"title": "x" "mapping": {}}]', /not valid JSON/);
    await expectRefused('utf8.json', new Uint8Array([0x5b, 0x22, 0xff, 0xfe, 0x22, 0x5d]), /not valid JSON/);
  });

  it('a file that is not .json, or no file at all', async () => {
    const res = await uploadImport(server.baseUrl, client.token, { name: 'chat.txt', body: readFixture('chatbot-ui.json') });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ code: 'invalid_import', message: expect.stringMatching(/\.json/) });
    const json = await client.post('/api/convos/import', { file: 'x' });
    expect(json.status).toBe(400);
    expect(json.json.code).toBe('invalid_import');
    expect(await countRows(server.db)).toEqual(before);
  });

  it('JSON of the wrong shape', async () => {
    await expectRefused('scalar.json', '"just a string"', /JSON object or array/);
    await expectRefused('object.json', '{"foo": 1}', /not a conversation export/);
    await expectRefused('numbers.json', '[1, 2, 3]', /not a conversation export/);
    await expectRefused('nothing.json', '[]', /no conversations/);
    await expectRefused('types.json', chatgptFile({ title: 'x', mapping: { a: { parent: null, message: { author: { role: 7 } } } } }), /Conversation 1.*expected shape/);
  });

  it('a bad conversation after good ones rolls the good ones back', async () => {
    const broken = { title: 'broken', mapping: { a: { message: { author: {}, content: {} } } } };
    await expectRefused('mixed.json', chatgptFile(validConversation, validConversation, broken), /Conversation 3/);
  });

  it('a truncated file, even after complete conversations', async () => {
    const whole = readFixture('chatgpt-branch.json');
    await expectRefused('cut.json', whole.slice(0, Math.floor(whole.length / 2)), /truncated/);
    const file = chatgptFile(validConversation, validConversation);
    await expectRefused('cut-late.json', file.slice(0, -1), /truncated/);
  });

  it('nesting 100,000 levels deep, as bare arrays or as a LibreChat thread', async () => {
    await expectRefused('bomb.json', '['.repeat(100_000) + ']'.repeat(100_000), /nests deeper/);
    const thread = '{"conversationId":"x","recursive":true,"messagesTree":[' + '{"text":"a","children":['.repeat(100_000);
    await expectRefused('thread.json', thread, /nests deeper/);
  });

  it('a huge string', async () => {
    const huge = { title: 'huge', mapping: { a: node('a', null, 'user', 'x'.repeat(17 * 1024 * 1024)) } };
    await expectRefused('huge.json', chatgptFile(huge), /larger than 16 MB/);
  });

  it('cyclic parent links in a mapping, directly or through skipped nodes', async () => {
    const direct = { title: 'loop', mapping: { a: node('a', 'b'), b: node('b', 'a', 'assistant') } };
    await expectRefused('cycle.json', chatgptFile(validConversation, direct), /cyclic/);
    const self = { title: 'self', mapping: { a: node('a', 'a') } };
    await expectRefused('self.json', chatgptFile(self), /cyclic/);
    const hidden = { ...node('s1', 's2', 'system'), message: null };
    const viaSkipped = { title: 'skip', mapping: { a: node('a', 's1'), s1: hidden, s2: { ...hidden, id: 's2', parent: 's1' } } };
    await expectRefused('skip-cycle.json', chatgptFile(viaSkipped), /cyclic/);
  });

  it('__proto__ keys anywhere', async () => {
    const polluted = '[{"title":"p","mapping":{"__proto__":{"message":{"author":{"role":"user"},"content":{"content_type":"text","parts":["x"]}}}}}]';
    await expectRefused('proto.json', polluted, /__proto__/);
    await expectRefused('proto-root.json', '{"__proto__":{"conversationId":"x","messages":[]}}', /__proto__/);
    expect(({} as Record<string, unknown>).conversationId).toBeUndefined();
  });

  it('a multipart body cut off inside the file', async () => {
    const cut = '--XyZ\r\nContent-Disposition: form-data; name="file"; filename="cut.json"\r\nContent-Type: application/json\r\n\r\n[1,2';
    const res = await client.post('/api/convos/import', undefined, { raw: cut, headers: { 'content-type': 'multipart/form-data; boundary=XyZ' } });
    expect(res.status, res.text).toBe(400);
    expect(res.json).toEqual({ code: 'invalid_import', message: 'The upload ended before the file was complete.' });
    expect(await countRows(server.db)).toEqual(before);
    expect(readdirSync(join(server.dataDir, 'tmp'))).toEqual([]);
  });

  it('needs a session', async () => {
    const res = await uploadImport(server.baseUrl, undefined, { name: 'a.json', body: '[]' });
    expect(res.status).toBe(401);
  });
});

describe('conversation import limits', () => {
  let server: TestServer;
  let client: TestClient;
  beforeAll(async () => {
    server = await startTestServer({
      env: { CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES: String(1024 * 1024) },
      config: { rateLimits: { conversationsImport: { userMax: 3, userWindowInMinutes: 1 } } },
    });
    client = new TestClient(server.baseUrl);
    await client.register();
  });
  afterAll(() => server.close());

  it('answers 413 for a file over the configured size, stops reading at the limit and keeps nothing', async () => {
    const before = await countRows(server.db);
    const padding = 'x'.repeat(1024 * 1024);
    const res = await uploadImport(server.baseUrl, client.token, { name: 'big.json', body: chatgptFile({ ...validConversation, title: padding }) });
    expect(res.status).toBe(413);
    expect(res.json).toMatchObject({ code: 'payload_too_large', message: expect.stringMatching(/1 MB/) });
    expect(await countRows(server.db)).toEqual(before);
    expect(readdirSync(join(server.dataDir, 'tmp'))).toEqual([]);
  });

  it('limits imports per user (rateLimits.conversationsImport)', async () => {
    // The 413 above counted as the first attempt.
    const file = { name: 'ok.json', body: chatgptFile(validConversation) };
    expect((await uploadImport(server.baseUrl, client.token, file)).status).toBe(201);
    expect((await uploadImport(server.baseUrl, client.token, file)).status).toBe(201);
    const limited = await uploadImport(server.baseUrl, client.token, file);
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another user has a budget of their own.
    const other = new TestClient(server.baseUrl);
    await other.register();
    expect((await uploadImport(server.baseUrl, other.token, file)).status).toBe(201);
  });
});
