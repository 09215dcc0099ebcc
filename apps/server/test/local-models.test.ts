import { NO_PARENT } from '@confab/shared';
import { buildTinyGguf } from '@confab/testkit';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getLlamaRuntime } from '../src/providers/local-llama/llama-runtime.js';
import { waitFor } from './chat-harness.js';
import { TestClient } from './http-client.js';
import { finalFrame, readSse, type SseOptions } from './sse-client.js';
import { DIALECTS, startTestServer, type TestServer } from './test-server.js';

/**
 * Local models (issue 25): a GGUF file in DATA_DIR/models is the "Local" endpoint's model, run
 * in the server's process by node-llama-cpp, here a tiny one the testkit builds. Its replies are
 * noise; what is checked is the path: listed, streamed to the end, stored, stopped.
 */
const runtime = await getLlamaRuntime();
const MODEL = 'tiny.gguf';

const describeWithLlama = runtime.isAvailable
  ? describe
  : (title: string, body: () => void) =>
      describe.skip(`${title} (skipped: ${runtime.isAvailable ? '' : runtime.reason})`, body);

for (const dialect of DIALECTS) {
  describeWithLlama(`Local models in the process [${dialect}]`, () => {
    let dataDir: string;
    let server: TestServer;
    let admin: TestClient;
    let user: TestClient;

    beforeAll(async () => {
      // The file is there before the server starts, as when someone copies a model in.
      dataDir = mkdtempSync(join(tmpdir(), 'confab-local-models-'));
      mkdirSync(join(dataDir, 'models'));
      writeFileSync(join(dataDir, 'models', MODEL), buildTinyGguf({ contextLength: 2048 }));
      server = await startTestServer({ dialect, env: { DATA_DIR: dataDir, TITLE_CONVO: 'false' } });
      admin = new TestClient(server.baseUrl);
      await admin.register({ name: 'First Admin' });
      user = new TestClient(server.baseUrl);
      await user.register({ name: 'Second User' });
    });
    afterAll(async () => {
      await server?.close();
      rmSync(dataDir, { recursive: true, force: true });
    });

    const ask = (body: Record<string, unknown>, until?: SseOptions['until']) =>
      readSse(`${server.baseUrl}/api/ask/custom`, {
        token: user.token,
        body: {
          endpoint: 'Local',
          model: MODEL,
          parentMessageId: NO_PARENT,
          conversationId: null,
          temperature: 0,
          ...body,
        },
        until,
      });
    const modelsOfLocal = async () => (await user.get('/api/models')).json.Local as string[] | undefined;

    it('lists the "Local" endpoint as a custom one, with the file as its model', async () => {
      const endpoints = await user.get('/api/endpoints');
      expect(endpoints.json.Local).toMatchObject({ type: 'custom', userProvide: false });
      expect(await modelsOfLocal()).toEqual([MODEL]);
    });

    it('streams a reply to its end and stores it, with its token usage', async () => {
      const { status, frames } = await ask({ text: 'Hello, local model', max_tokens: 16 });
      expect(status).toBe(200);
      expect(frames.filter((f) => f.data.event === 'on_message_delta').length).toBeGreaterThan(1);
      const final = finalFrame(frames)!.data;
      expect(final.responseMessage).toMatchObject({
        endpoint: 'Local',
        model: MODEL,
        finish_reason: 'length',
        unfinished: false,
      });
      expect(final.responseMessage.text.length).toBeGreaterThan(0);
      const stored = await server.db.kysely
        .selectFrom('messages')
        .select(['text', 'error', 'token_count'])
        .where('message_id', '=', final.responseMessage.messageId)
        .executeTakeFirstOrThrow();
      expect(stored).toMatchObject({ text: final.responseMessage.text, token_count: 16 });
      expect(Boolean(stored.error)).toBe(false);
    });

    it('stops when the user aborts, keeps the partial reply, and the model answers the next chat', async () => {
      // No max_tokens: the reply may run to the context size (2048 tokens), far longer than this test waits.
      const partial = await ask({ text: 'Write at length' }, (_f, all) =>
        all.some((x) => x.data.event === 'on_message_delta'),
      );
      const { conversationId } = partial.frames[0]!.data;
      const res = await user.post('/api/ask/custom/abort', { abortKey: conversationId, endpoint: 'Local' });
      expect(res.status).toBe(200);
      expect(res.json.responseMessage).toMatchObject({ finish_reason: 'incomplete', unfinished: false });
      expect(res.json.responseMessage.text.length).toBeGreaterThan(0);
      const next = await ask({ text: 'Again', max_tokens: 4 });
      expect(finalFrame(next.frames)!.data.responseMessage.finish_reason).toBe('length');
    });

    it('refuses everyone but administrators the model routes', async () => {
      expect((await user.get('/api/admin/local-models')).status).toBe(403);
      expect((await user.delete(`/api/admin/local-models/${MODEL}`)).status).toBe(403);
      const form = new FormData();
      form.append('file', new Blob([buildTinyGguf()]), 'sneaky.gguf');
      expect((await upload(user, form)).status).toBe(403);
      expect(readdirSync(join(dataDir, 'models'))).toEqual([MODEL]);
    });

    it('lets the administrator list, upload and delete models, which chats see at once', async () => {
      const listed = await admin.get('/api/admin/local-models');
      expect(listed.json).toMatchObject({ isAvailable: true, models: [{ name: MODEL }] });
      expect(listed.json.models[0].bytes).toBeGreaterThan(1000);

      const form = new FormData();
      form.append('file', new Blob([buildTinyGguf({ seed: 3 })]), '../../escaped.gguf');
      const added = await upload(admin, form);
      expect(added.status).toBe(201);
      expect(added.json).toMatchObject({ name: 'escaped.gguf' });
      expect(existsSync(join(dataDir, 'escaped.gguf'))).toBe(false);
      expect(readdirSync(join(dataDir, 'models')).sort()).toEqual(['escaped.gguf', MODEL]);
      expect(await modelsOfLocal()).toEqual(['escaped.gguf', MODEL]);
      const reply = await ask({ model: 'escaped.gguf', text: 'Hi', max_tokens: 3 });
      expect(finalFrame(reply.frames)!.data.responseMessage.finish_reason).toBe('length');

      expect((await admin.delete('/api/admin/local-models/escaped.gguf')).status).toBe(200);
      expect(await modelsOfLocal()).toEqual([MODEL]);
      expect((await admin.delete('/api/admin/local-models/escaped.gguf')).status).toBe(404);
      expect((await admin.delete('/api/admin/local-models/..%2Fconfab.sqlite')).status).toBe(404);
    });

    it('answers 400 not_gguf for a file that is not a GGUF model, and keeps nothing of it', async () => {
      const renamed = new FormData();
      renamed.append('file', new Blob(['PK\u0003\u0004 not a model at all, just some bytes']), 'fake.gguf');
      const res = await upload(admin, renamed);
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ code: 'not_gguf' });
      const wrongName = new FormData();
      wrongName.append('file', new Blob([buildTinyGguf()]), 'model.bin');
      expect((await upload(admin, wrongName)).json).toMatchObject({ code: 'not_gguf' });
      expect(readdirSync(join(dataDir, 'models'))).toEqual([MODEL]);
    });

    it('follows the folder: a file copied in by hand appears, and the endpoint goes with the last file', async () => {
      writeFileSync(join(dataDir, 'models', 'copied.gguf'), buildTinyGguf({ seed: 9 }));
      await waitFor(async () => (await modelsOfLocal())?.includes('copied.gguf') ?? false);
      rmSync(join(dataDir, 'models', 'copied.gguf'));
      expect((await admin.delete(`/api/admin/local-models/${MODEL}`)).status).toBe(200);
      await waitFor(async () => (await modelsOfLocal()) === undefined);
      expect((await user.get('/api/endpoints')).json.Local).toBeUndefined();
      expect((await admin.get('/api/admin/local-models')).json).toEqual({ isAvailable: true, models: [] });
    });

    async function upload(client: TestClient, form: FormData) {
      const res = await fetch(`${server.baseUrl}/api/admin/local-models`, {
        method: 'POST',
        body: form,
        headers: { authorization: `Bearer ${client.token}` },
      });
      return { status: res.status, json: await res.json() };
    }
  });
}
