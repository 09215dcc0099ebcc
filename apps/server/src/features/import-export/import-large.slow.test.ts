import { closeSync, mkdtempSync, openAsBlob, openSync, rmSync, statSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClient } from '../../../test/http-client.js';
import { describeEachDialect, startTestServer, type TestServer } from '../../../test/test-server.js';
import { countRows, uploadImport } from './import-test-helpers.js';

const TARGET_BYTES = 50 * 1024 * 1024;
const TURNS = 10;

/**
 * Writes a ChatGPT `conversations.json` of about 50 MB to disk one conversation at a time: each
 * has 10 question/answer turns plus an edited last question with its own answer (a branch),
 * with the metadata noise of real exports. Returns what the importer should store.
 */
function writeChatGptExport(path: string): { conversations: number; messages: number } {
  const fd = openSync(path, 'w');
  const words = 'the quick brown fox jumps over a lazy dog while seven wizards quietly judge boxing matches'.split(' ');
  const sentence = (n: number, seed: number) => Array.from({ length: n }, (_, i) => words[(i * 7 + seed) % words.length]).join(' ');
  let bytes = 0;
  let conversations = 0;
  let messages = 0;
  const write = (text: string) => {
    bytes += writeSync(fd, text);
  };
  write('[');
  while (bytes < TARGET_BYTES) {
    const c = conversations;
    const t0 = 1_700_000_000 + c * 1000;
    const mapping: Record<string, unknown> = { [`root-${c}`]: { id: `root-${c}`, message: null, parent: null, children: [] } };
    const add = (id: string, parent: string, role: string, text: string, time: number) => {
      mapping[id] = {
        id,
        parent,
        children: [],
        message: {
          id,
          author: { role, name: null, metadata: {} },
          create_time: time,
          update_time: null,
          content: { content_type: 'text', parts: [text] },
          status: 'finished_successfully',
          end_turn: role === 'assistant',
          weight: 1,
          metadata: role === 'assistant' ? { model_slug: 'gpt-4o', finish_details: { type: 'stop', stop_tokens: [200002] }, citations: [] } : { request_id: `req-${id}` },
          recipient: 'all',
        },
      };
    };
    let parent = `root-${c}`;
    for (let turn = 0; turn < TURNS; turn++) {
      add(`${c}-u${turn}`, parent, 'user', sentence(40, turn + c), t0 + turn * 10);
      add(`${c}-a${turn}`, `${c}-u${turn}`, 'assistant', sentence(220, turn * 3 + c), t0 + turn * 10 + 5);
      parent = `${c}-a${turn}`;
    }
    add(`${c}-edit`, `${c}-a${TURNS - 2}`, 'user', `edited ${sentence(30, c)}`, t0 + 500);
    add(`${c}-edit-a`, `${c}-edit`, 'assistant', sentence(200, c + 1), t0 + 505);
    messages += TURNS * 2 + 2;
    write(`${c ? ',' : ''}${JSON.stringify({ title: `Conversation ${c}`, create_time: t0, update_time: t0 + 505, mapping, current_node: `${c}-edit-a`, id: `conv-${c}` })}`);
    conversations++;
  }
  write(']');
  closeSync(fd);
  return { conversations, messages };
}

describeEachDialect('importing a 50 MB ChatGPT export', (dialect) => {
  let server: TestServer;
  let client: TestClient;
  let dir: string;
  let file: string;
  let expected: { conversations: number; messages: number };

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'confab-import-'));
    file = join(dir, 'conversations.json');
    expected = writeChatGptExport(file);
    server = await startTestServer({ dialect });
    client = new TestClient(server.baseUrl);
    await client.register();
  });
  afterAll(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('streams it in with bounded memory', { timeout: 300_000 }, async () => {
    const size = statSync(file).size;
    expect(size).toBeGreaterThanOrEqual(TARGET_BYTES);
    const before = await countRows(server.db);
    const baseline = process.memoryUsage();
    let peakRss = baseline.rss;
    let peakHeap = baseline.heapUsed;
    const sampler = setInterval(() => {
      const now = process.memoryUsage();
      peakRss = Math.max(peakRss, now.rss);
      peakHeap = Math.max(peakHeap, now.heapUsed);
    }, 10);
    const started = performance.now();
    // The client streams the file from disk too, so the figures are the server's working set.
    const res = await uploadImport(server.baseUrl, client.token, { name: 'conversations.json', body: await openAsBlob(file, { type: 'application/json' }) });
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);

    expect(res.status, res.text.slice(0, 500)).toBe(201);
    expect(res.json.imported).toBe(expected.conversations);
    const after = await countRows(server.db);
    expect(after.conversations - before.conversations).toBe(expected.conversations);
    expect(after.messages - before.messages).toBe(expected.messages);

    const mb = (n: number) => Math.round(n / 1024 / 1024);
    console.log(
      `[${dialect}] ${mb(size)} MB, ${expected.conversations} conversations, ${expected.messages} messages in ${seconds.toFixed(1)} s; ` +
        `peak RSS ${mb(peakRss)} MB (+${mb(peakRss - baseline.rss)} MB), peak heap +${mb(peakHeap - baseline.heapUsed)} MB`,
    );
    // JSON.parse of the same file alone needs about 150 MB more heap; streaming stays far below.
    // The heap is the discriminating figure: RSS also holds freed memory the GC has not returned
    // yet, which grows when the machine is busy, so it only gets a loose "not exhausted" bound.
    expect(peakHeap - baseline.heapUsed).toBeLessThan(110 * 1024 * 1024);
    expect(peakRss - baseline.rss).toBeLessThan(300 * 1024 * 1024);
    // The time is printed above, not asserted: it follows the machine's load (a test asserts
    // behaviour; speed is a benchmark's figure).

    // The branch in each conversation survived: the edited question has the same parent as
    // the question it replaced.
    const id = res.json.conversations[0].conversationId;
    const messages: { text: string; parentMessageId: string }[] = (await client.get(`/api/messages/${id}`)).json;
    const edited = messages.find((m) => m.text.startsWith('edited '))!;
    const siblings = messages.filter((m) => m.parentMessageId === edited.parentMessageId);
    expect(siblings).toHaveLength(2);
  });
});
