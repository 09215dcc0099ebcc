import { NO_PARENT } from '@confab/shared';
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useChatServer, waitFor } from '../../../test/chat-harness.js';
import { TestClient } from '../../../test/http-client.js';
import { deltaText, finalFrame, readSse } from '../../../test/sse-client.js';
import { describeEachDialect } from '../../../test/test-server.js';

/** A generation's life apart from its HTTP request: rejoined after a drop or a reload, and stopped. */
describeEachDialect('chat streams', (dialect) => {
  const h = useChatServer(dialect);
  const { ask } = h;

  describe('resumable streams', () => {
    it('a reconnect with Last-Event-ID continues with no gap and no duplicate', async () => {
      const text = 'The quick brown fox jumps over the lazy dog, again and again and again.';
      h.sim.enqueue({ text, chunkSize: 2, delayMs: 15 });
      const first = await ask({ text: 'go' }, undefined);
      // That read ran to the end; do it properly: cut after 5 frames.
      expect(deltaText(first.frames)).toBe(text);

      h.sim.enqueue({ text, chunkSize: 2, delayMs: 15 });
      const partial = await readSse(`${h.server.baseUrl}/api/ask/openAI`, {
        token: h.client.token,
        body: { text: 'go again', endpoint: 'openAI', model: 'gpt-4o-mini', parentMessageId: NO_PARENT },
        until: (_f, all) => all.length >= 6,
      });
      const streamId = partial.frames[0]!.data.streamId;
      const lastId = partial.frames.at(-1)!.id;
      const rest = await readSse(`${h.server.baseUrl}/api/chat/stream/${streamId}`, {
        token: h.client.token,
        lastEventId: lastId,
      });
      expect(rest.status).toBe(200);
      expect(rest.frames[0]!.id).toBe(lastId + 1);
      expect(deltaText(partial.frames) + deltaText(rest.frames)).toBe(text);
      expect(finalFrame(rest.frames)!.data.responseMessage.text).toBe(text);
    });

    it('a finished job answers a reconnect with its final state', async () => {
      h.sim.enqueue({ text: 'done already' });
      const { frames } = await ask({ text: 'x' });
      const streamId = frames[0]!.data.streamId;
      const again = await readSse(`${h.server.baseUrl}/api/chat/stream/${streamId}`, {
        token: h.client.token,
        lastEventId: 1,
      });
      expect(finalFrame(again.frames)!.data.responseMessage.text).toBe('done already');
    });

    it('a Last-Event-ID the job never sent replays from the start, running or finished', async () => {
      h.sim.enqueue({ text: 'one two three four five six', chunkSize: 4, delayMs: 20 });
      const partial = await readSse(`${h.server.baseUrl}/api/ask/openAI`, {
        token: h.client.token,
        body: { text: 'go', endpoint: 'openAI', model: 'gpt-4o-mini', parentMessageId: NO_PARENT },
        until: (_f, all) => all.length >= 3,
      });
      const streamId = partial.frames[0]!.data.streamId;
      const url = `${h.server.baseUrl}/api/chat/stream/${streamId}`;
      const running = await readSse(url, { token: h.client.token, lastEventId: 999_999_999 });
      expect(running.frames[0]!.id).toBe(1);
      expect(deltaText(running.frames)).toBe('one two three four five six');
      const finished = await readSse(url, { token: h.client.token, lastEventId: 999_999_999 });
      expect(finalFrame(finished.frames)!.data.responseMessage.text).toBe('one two three four five six');
    });

    it('the job goes on when the h.client leaves, and the reply grows in the database as unfinished', async () => {
      // 2.4 s: the growing reply is saved a second after it started, well before its final write.
      h.sim.enqueue({ text: 'a'.repeat(240), chunkSize: 2, delayMs: 20 });
      const partial = await readSse(`${h.server.baseUrl}/api/ask/openAI`, {
        token: h.client.token,
        body: { text: 'leave', endpoint: 'openAI', model: 'gpt-4o-mini' },
        until: (f) => f.data.event === 'on_message_delta',
      });
      const { responseMessageId, streamId } = partial.frames[0]!.data;
      const active = await h.client.get('/api/chat/active');
      expect(active.json.jobs.map((j: any) => j.streamId)).toContain(streamId);
      const storedReply = () =>
        h.server.db.kysely
          .selectFrom('messages')
          .selectAll()
          .where('message_id', '=', responseMessageId)
          .executeTakeFirst();
      await waitFor(async () => {
        const row = await storedReply();
        return Boolean(row && row.unfinished === 1 && row.text.length > 0);
      });
      await waitFor(async () => {
        const row = await storedReply();
        return Boolean(row && row.unfinished === 0 && row.text.length === 240);
      }, 10_000);
    });

    it("another user's stream is not found", async () => {
      h.sim.enqueue({ text: 'private', delayMs: 20 });
      const { frames } = await ask({ text: 'mine' });
      const other = new TestClient(h.server.baseUrl);
      await other.register();
      const res = await readSse(`${h.server.baseUrl}/api/chat/stream/${frames[0]!.data.streamId}`, {
        token: other.token,
      });
      expect(res.status).toBe(404);
    });
  });

  describe('abort', () => {
    it('stops the provider call and saves the partial reply as incomplete', async () => {
      h.sim.enqueue({ text: 'word '.repeat(200), chunkSize: 5, delayMs: 10 });
      const partial = await readSse(`${h.server.baseUrl}/api/ask/openAI`, {
        token: h.client.token,
        body: { text: 'long please', endpoint: 'openAI', model: 'gpt-4o-mini' },
        until: (_f, all) => all.filter((x) => x.data.event === 'on_message_delta').length >= 3,
      });
      const { streamId, conversationId } = partial.frames[0]!.data;
      const res = await h.client.post('/api/ask/openAI/abort', { abortKey: conversationId, endpoint: 'openAI' });
      expect(res.status).toBe(200);
      expect(res.json.final).toBe(true);
      expect(res.json.responseMessage.finish_reason).toBe('incomplete');
      expect(res.json.responseMessage.unfinished).toBe(false);
      expect(res.json.responseMessage.text.length).toBeGreaterThan(0);
      expect(res.json.responseMessage.text.length).toBeLessThan(1000);
      await waitFor(async () => h.sim.stats.aborted > 0);
      const again = await h.client.post('/api/ask/openAI/abort', { abortKey: streamId });
      expect(again.status).toBe(404);
    });

    it("cannot stop someone else's reply, by any of the keys that name it", async () => {
      h.sim.enqueue({ text: 'word '.repeat(60), chunkSize: 5, delayMs: 10 });
      const partial = await readSse(`${h.server.baseUrl}/api/ask/openAI`, {
        token: h.client.token,
        body: { text: 'mine to stop', endpoint: 'openAI', model: 'gpt-4o-mini' },
        until: (_f, all) => all.some((x) => x.data.event === 'on_message_delta'),
      });
      const { streamId, conversationId, responseMessageId } = partial.frames[0]!.data;
      const stranger = new TestClient(h.server.baseUrl);
      await stranger.register();
      for (const abortKey of [streamId, conversationId, responseMessageId, `${conversationId}:${responseMessageId}`]) {
        expect((await stranger.post('/api/ask/openAI/abort', { abortKey })).status).toBe(404);
        expect((await stranger.post('/api/agents/chat/abort', { arg: { abortKey } })).status).toBe(404);
      }
      // The owner's reply runs to its end, untouched.
      const rest = await readSse(`${h.server.baseUrl}/api/chat/stream/${streamId}`, { token: h.client.token });
      expect(finalFrame(rest.frames)!.data.responseMessage.text).toBe('word '.repeat(60));
      expect(finalFrame(rest.frames)!.data.responseMessage.finish_reason).toBe('stop');
    });

    it('deleting a conversation stops its reply first; another conversation\'s reply runs on', async () => {
      const startLong = async (text: string) => {
        h.sim.enqueue({ text: 'word '.repeat(300), chunkSize: 5, delayMs: 10 });
        const partial = await readSse(`${h.server.baseUrl}/api/ask/openAI`, {
          token: h.client.token,
          body: { text, endpoint: 'openAI', model: 'gpt-4o-mini' },
          until: (_f, all) => all.some((x) => x.data.event === 'on_message_delta'),
        });
        return partial.frames[0]!.data as { streamId: string; conversationId: string };
      };
      const doomed = await startLong('to be deleted');
      const kept = await startLong('to be kept');
      const del = await h.client.delete('/api/convos', { arg: { conversationId: doomed.conversationId } });
      expect(del.status).toBe(200);
      // Stopped by the time the delete answers (the provider call too), and nothing of it stays.
      const active = await h.client.get('/api/chat/active');
      expect(active.json.jobs.map((j: { streamId: string }) => j.streamId)).toEqual([kept.streamId]);
      await waitFor(async () => h.sim.stats.aborted > 0);
      const left = await h.server.db.kysely
        .selectFrom('messages')
        .select('message_id')
        .where('conversation_id', '=', doomed.conversationId)
        .execute();
      expect(left).toEqual([]);
      expect((await h.client.get(`/api/convos/${doomed.conversationId}`)).status).toBe(404);
      const stopped = await readSse(`${h.server.baseUrl}/api/chat/stream/${doomed.streamId}`, { token: h.client.token });
      expect(finalFrame(stopped.frames)!.data.responseMessage.finish_reason).toBe('incomplete');

      // Deleting every conversation stops every reply.
      expect((await h.client.delete('/api/convos/all')).status).toBe(200);
      expect((await h.client.get('/api/chat/active')).json.jobs).toEqual([]);
      expect((await h.client.get(`/api/convos/${kept.conversationId}`)).status).toBe(404);
    });

    it('answers 404 when nothing runs, and refuses a bad body', async () => {
      expect((await h.client.post('/api/ask/openAI/abort', { abortKey: randomUUID() })).status).toBe(404);
      expect((await h.client.post('/api/ask/openAI/abort', {})).status).toBe(400);
      // LibreChat's abortRequestWithMessage wraps the same fields in {arg}.
      expect(
        (await h.client.post('/api/ask/openAI/abort', { arg: { abortKey: randomUUID(), message: 'stop' } })).status,
      ).toBe(404);
      expect((await h.client.post('/api/ask/openAI/abort', { arg: {} })).status).toBe(400);
    });
  });
});
