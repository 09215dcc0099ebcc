import { describe, expect, it } from 'vitest';
import { useChatServer } from '../../../test/chat-harness.js';
import { TestClient } from '../../../test/http-client.js';
import { finalFrame, readSse } from '../../../test/sse-client.js';
import { describeEachDialect } from '../../../test/test-server.js';

const artifactReply = [
  'Here you go:',
  ':::artifact{identifier="greeting" type="text/html" title="Greeting"}',
  '```html',
  '<h1>Hello</h1>',
  '<p>Costs $5</p>',
  '```',
  ':::',
  'Enjoy.',
].join('\n');

describeEachDialect('messages API', (dialect) => {
  const h = useChatServer(dialect);

  /** Sends `text` (as a new conversation, or following `after`) and returns the final frame's data. */
  async function exchange(
    text: string,
    reply: string,
    after?: { conversationId: string; parentMessageId: string },
    options: Record<string, unknown> = {},
  ) {
    h.sim.enqueue({ text: reply, ...options });
    const { frames, status } = await h.ask({ text, ...(after ?? {}) });
    expect(status).toBe(200);
    return finalFrame(frames)!.data;
  }

  async function stranger() {
    const client = new TestClient(h.server.baseUrl);
    await client.register();
    return client;
  }

  describe('GET /api/messages (the messages query)', () => {
    it("pages through one conversation's messages in the order asked for", async () => {
      const first = await exchange('one', 'reply one');
      const conversationId = first.conversation.conversationId;
      const second = await exchange('two', 'reply two', {
        conversationId,
        parentMessageId: first.responseMessage.messageId,
      });
      await exchange('three', 'reply three', { conversationId, parentMessageId: second.responseMessage.messageId });
      const all = (await h.client.get(`/api/messages/${conversationId}`)).json.map((m: any) => m.text);

      const page1 = await h.client.get(
        `/api/messages?conversationId=${conversationId}&sortBy=createdAt&sortDirection=asc&pageSize=4`,
      );
      expect(page1.status).toBe(200);
      expect(page1.json.messages.map((m: any) => m.text)).toEqual(all.slice(0, 4));
      expect(page1.json.nextCursor).toEqual(expect.any(String));
      const page2 = await h.client.get(
        `/api/messages?conversationId=${conversationId}&sortBy=createdAt&sortDirection=asc&pageSize=4&cursor=${page1.json.nextCursor}`,
      );
      expect(page2.json.messages.map((m: any) => m.text)).toEqual(all.slice(4));
      expect(page2.json.nextCursor).toBeNull();

      // Newest first by default (LibreChat's: by update time, descending).
      const newest = await h.client.get(`/api/messages?conversationId=${conversationId}&pageSize=2`);
      expect(newest.json.messages.map((m: any) => m.text)).toEqual(['reply three', 'three']);
      // Sorting by endpoint still visits every message once.
      const seen: string[] = [];
      let cursor = '';
      do {
        const page = await h.client.get(
          `/api/messages?conversationId=${conversationId}&sortBy=endpoint&pageSize=2${cursor ? `&cursor=${cursor}` : ''}`,
        );
        seen.push(...page.json.messages.map((m: any) => m.messageId));
        cursor = page.json.nextCursor ?? '';
      } while (cursor);
      expect(seen.sort()).toEqual(
        (await h.client.get(`/api/messages/${conversationId}`)).json.map((m: any) => m.messageId).sort(),
      );
    });

    it('answers one message by conversation and message id', async () => {
      const final = await exchange('find me', 'found');
      const { conversationId } = final.conversation;
      const one = await h.client.get(
        `/api/messages?conversationId=${conversationId}&messageId=${final.responseMessage.messageId}`,
      );
      expect(one.json).toEqual({
        messages: [expect.objectContaining({ text: 'found', conversationId })],
        nextCursor: null,
      });
      const other = await exchange('elsewhere', 'other reply');
      // A message of another conversation is not this conversation's.
      const crossed = await h.client.get(
        `/api/messages?conversationId=${conversationId}&messageId=${other.responseMessage.messageId}`,
      );
      expect(crossed.json).toEqual({ messages: [], nextCursor: null });
    });

    it("searches the caller's messages, a page at a time, with their conversations' titles", async () => {
      const final = await exchange('Tell me about zanzibarite crystals', 'zanzibarite is rare');
      await exchange('more zanzibarite', 'zanzibarite again');
      const page1 = await h.client.get('/api/messages?search=zanzibarite&pageSize=3');
      expect(page1.status).toBe(200);
      expect(page1.json.messages).toHaveLength(3);
      expect(page1.json.messages[0]).toMatchObject({ searchResult: true, title: expect.any(String) });
      expect(page1.json.nextCursor).toEqual(expect.any(String));
      const page2 = await h.client.get(
        `/api/messages?search=zanzibarite&pageSize=3&cursor=${encodeURIComponent(page1.json.nextCursor)}`,
      );
      const ids = [...page1.json.messages, ...page2.json.messages].map((m: any) => m.messageId);
      expect(new Set(ids).size).toBe(4);
      expect(ids).toContain(final.requestMessage.messageId);
      // Nobody else finds them.
      expect((await (await stranger()).get('/api/messages?search=zanzibarite')).json).toEqual({
        messages: [],
        nextCursor: null,
      });
    });

    it('keeps other users out and refuses bad queries clearly', async () => {
      const final = await exchange('private', 'private reply');
      const { conversationId } = final.conversation;
      const other = await stranger();
      const intrude = await other.get(`/api/messages?conversationId=${conversationId}`);
      expect(intrude.status).toBe(404);
      expect(intrude.json.code).toBe('not_found');
      expect(
        (await other.get(`/api/messages?conversationId=${conversationId}&messageId=${final.responseMessage.messageId}`))
          .status,
      ).toBe(404);

      expect((await h.client.get('/api/messages')).json).toEqual({ messages: [], nextCursor: null });
      for (const query of ['sortBy=title', 'sortDirection=up', 'pageSize=0', 'pageSize=abc', 'cursor=not-a-cursor']) {
        const res = await h.client.get(`/api/messages?conversationId=${conversationId}&${query}`);
        expect(res.status, query).toBe(400);
        expect(res.json.code, query).toBe('validation_error');
      }
      // A huge page size is cut to the largest page, not refused.
      expect((await h.client.get(`/api/messages?conversationId=${conversationId}&pageSize=100000`)).status).toBe(200);
      expect((await new TestClient(h.server.baseUrl).get('/api/messages')).status).toBe(401);
    });
  });

  describe('POST /api/messages/artifact/{messageId}', () => {
    /** The artifact editor's save: in the message's `index`-th artifact, `original` becomes `updated`. */
    const editArtifact = (messageId: string, original: string, updated: string, as = h.client, index = 0) =>
      as.post(`/api/messages/artifact/${messageId}`, { index, original, updated });

    it("replaces a piece of an artifact's code and stores the new text", async () => {
      const final = await exchange('make a page', artifactReply);
      const messageId = final.responseMessage.messageId;
      const res = await editArtifact(messageId, '<h1>Hello</h1>', '<h1>Hi there</h1>');
      expect(res.status).toBe(200);
      expect(res.json.conversationId).toBe(final.conversation.conversationId);
      expect(res.json.text).toBe(artifactReply.replace('<h1>Hello</h1>', '<h1>Hi there</h1>'));
      const stored = await h.client.get(`/api/messages/${final.conversation.conversationId}/${messageId}`);
      expect(stored.json[0].text).toBe(res.json.text);
      // The LibreChat client sends dollar signs escaped as it shows them.
      const escaped = await editArtifact(messageId, '<p>Costs \\$5</p>', '<p>Costs \\$7</p>');
      expect(escaped.json.text).toContain('<p>Costs $7</p>');
    });

    it('edits the text part of a reply with reasoning, keeping the reasoning', async () => {
      const final = await exchange('think, then make a page', artifactReply, undefined, { reasoning: 'Let me think.' });
      const messageId = final.responseMessage.messageId;
      const res = await editArtifact(messageId, '<h1>Hello</h1>', '<h1>Edited</h1>');
      expect(res.status).toBe(200);
      expect(res.json.content).toEqual([
        // The think part may carry how long it took (durationMs), which depends on the machine.
        expect.objectContaining({ type: 'think', think: 'Let me think.' }),
        { type: 'text', text: artifactReply.replace('<h1>Hello</h1>', '<h1>Edited</h1>') },
      ]);
      // Its text is in its parts, and `text` is "" beside them, as LibreChat answers a content message.
      expect(res.json.text).toBe('');
    });

    it('refuses what it cannot apply and leaves the stored text as it was', async () => {
      const final = await exchange('make another page', artifactReply);
      const { conversationId } = final.conversation;
      const messageId = final.responseMessage.messageId;
      const cases: [unknown, number, string][] = [
        [{ index: 1, original: '<h1>Hello</h1>', updated: 'x' }, 400, 'validation_error'],
        // A stale editor: the code no longer holds what it read.
        [{ index: 0, original: '<h1>Gone</h1>', updated: 'x' }, 409, 'artifact_changed'],
        [{ index: -1, original: 'a', updated: 'b' }, 400, 'validation_error'],
        [{ index: 0, original: 'a' }, 400, 'validation_error'],
        [{ index: '0', original: '<h1>Hello</h1>', updated: 'x' }, 400, 'validation_error'],
        [{ index: 0, original: '<h1>Hello</h1>', updated: 'x'.repeat(500_001) }, 400, 'validation_error'],
      ];
      for (const [body, status, code] of cases) {
        const res = await h.client.post(`/api/messages/artifact/${messageId}`, body);
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(status);
        expect(res.json.code).toBe(code);
      }
      const other = await stranger();
      const intrude = await editArtifact(messageId, '<h1>Hello</h1>', 'pwned', other);
      expect(intrude.status).toBe(404);
      expect(intrude.json.code).toBe('not_found');
      expect((await editArtifact('no-such-message', 'a', 'b')).status).toBe(404);
      // A user message without artifacts has none to edit.
      expect((await editArtifact(final.requestMessage.messageId, 'a', 'b')).status).toBe(400);
      expect((await h.client.get(`/api/messages/${conversationId}/${messageId}`)).json[0].text).toBe(artifactReply);
    });

    it('loses no edit when edits race: each one is stored, or refused with 409', async () => {
      const items = Array.from({ length: 8 }, (_, i) => `<li>${i}</li>`);
      const final = await exchange(
        'a list',
        `:::artifact{type="text/html"}\n\`\`\`html\n${items.join('\n')}\n\`\`\`\n:::`,
      );
      const messageId = final.responseMessage.messageId;
      const results = await Promise.all(items.map((item, i) => editArtifact(messageId, item, `<li>${i} done</li>`)));
      expect(results.every((r) => r.status === 200 || r.status === 409)).toBe(true);
      expect(results.some((r) => r.status === 200)).toBe(true);
      const stored = (await h.client.get(`/api/messages/${final.conversation.conversationId}/${messageId}`)).json[0].text;
      results.forEach((r, i) =>
        expect(stored.includes(`<li>${i} done</li>`), `edit ${i}: ${r.status}`).toBe(r.status === 200),
      );
    });

    it('refuses to edit a reply that is still being written, and allows it once finished', async () => {
      h.sim.enqueue({ text: artifactReply, chunkSize: 4, delayMs: 40 });
      let responseMessageId = '';
      const streaming = readSse(`${h.server.baseUrl}/api/ask/openAI`, {
        token: h.client.token,
        body: {
          text: 'slow page',
          endpoint: 'openAI',
          model: 'gpt-4o-mini',
          conversationId: null,
          parentMessageId: '00000000-0000-0000-0000-000000000000',
        },
        until: (frame) => {
          if (frame.data.created) responseMessageId = frame.data.responseMessageId;
          return Boolean(frame.data.final);
        },
      });
      await expect.poll(() => responseMessageId).not.toBe('');
      const during = await editArtifact(responseMessageId, '<h1>Hello</h1>', 'x');
      expect(during.status).toBe(409);
      expect(during.json.code).toBe('conflict');
      expect((await streaming).status).toBe(200);
      const after = await editArtifact(responseMessageId, '<h1>Hello</h1>', '<h1>Later</h1>');
      expect(after.status).toBe(200);
      expect(after.json.text).toContain('<h1>Later</h1>');
    });
  });

  describe('POST /api/tokenizer', () => {
    it('counts the tokens of a text, as LibreChat sends it', async () => {
      const res = await h.client.post('/api/tokenizer', { arg: 'Hello, world!' });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ count: 4 });
      expect((await h.client.post('/api/tokenizer', { arg: { text: 'Hello, world!' } })).json).toEqual({ count: 4 });
      expect((await h.client.post('/api/tokenizer', { arg: '' })).json).toEqual({ count: 0 });
      // Special-token markers typed by a user are text, not a reason to fail (was a 500).
      expect((await h.client.post('/api/tokenizer', { arg: 'see <|endoftext|> here' })).json).toEqual({ count: 9 });
    });

    it('refuses bad input and strangers', async () => {
      for (const body of [{}, { arg: 5 }, { arg: 'x'.repeat(500_001) }, { text: 'hi' }]) {
        const res = await h.client.post('/api/tokenizer', body);
        expect(res.status).toBe(400);
        expect(res.json.code).toBe('validation_error');
      }
      expect((await new TestClient(h.server.baseUrl).post('/api/tokenizer', { arg: 'hi' })).status).toBe(401);
    });

    it('limits how much text one user has counted a minute', async () => {
      const counter = await stranger();
      const long = 'word '.repeat(100_000);
      const statuses: number[] = [];
      for (let i = 0; i < 5; i++) statuses.push((await counter.post('/api/tokenizer', { arg: long })).status);
      expect(statuses).toEqual([200, 200, 200, 200, 429]);
      const limited = await counter.post('/api/tokenizer', { arg: 'hi' });
      expect(limited.status).toBe(429);
      expect(limited.json.code).toBe('rate_limited');
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
      // Others are not affected.
      expect((await h.client.post('/api/tokenizer', { arg: 'hi' })).status).toBe(200);
    });
  });
});
