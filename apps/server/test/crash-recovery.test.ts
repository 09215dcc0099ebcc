import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { TestClient } from './http-client.js';
import { readSse } from './sse-client.js';
import { describeEachDialect } from './test-server.js';

const serverMain = new URL('../src/main.ts', import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function startServerProcess(env: Record<string, string>, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', serverMain], {
    env: { ...process.env, ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'error' },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return child;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error('server did not start');
}

describeEachDialect('a server killed mid-stream', (dialect) => {
  let sim: OpenAISimulator;
  let dataDir: string;
  let schema: string | undefined;
  let env: Record<string, string>;

  beforeAll(async () => {
    sim = await startOpenAISimulator();
    dataDir = mkdtempSync(join(tmpdir(), 'confab-crash-'));
    env = {
      DATA_DIR: dataDir,
      CONFIG_PATH: join(dataDir, 'none.yaml'),
      OPENAI_API_KEY: 'sk-test',
      OPENAI_REVERSE_PROXY: sim.url,
      TITLE_CONVO: 'false',
      DATABASE_URL: '',
    };
    if (dialect === 'postgres') {
      schema = `crash_${Date.now().toString(36)}`;
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`create schema ${schema}`);
      await client.end();
      env.DATABASE_URL = `${process.env.TEST_DATABASE_URL}?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
    }
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dataDir, { recursive: true, force: true });
    if (schema) {
      const client = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists ${schema} cascade`);
      await client.end();
    }
  });

  it('leaves the user message and the partial reply, marked unfinished', async () => {
    sim.enqueue({ text: 'token '.repeat(400), chunkSize: 6, delayMs: 20 });
    const port = await freePort();
    const first = await startServerProcess(env, port);
    const base = `http://127.0.0.1:${port}`;
    const client = new TestClient(base);
    const { email, password } = await client.register();

    const partial = await readSse(`${base}/api/ask/openAI`, {
      token: client.token,
      body: { text: 'write a lot', endpoint: 'openAI', model: 'gpt-4o-mini' },
      until: (f) => f.data.event === 'on_message_delta',
    });
    const { conversationId, responseMessageId } = partial.frames[0]!.data;
    // Wait until the growing reply has reached the database at least once, then kill -9.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const messages = (await client.get(`/api/messages/${conversationId}`)).json as any[];
      if (messages.find((m) => m.messageId === responseMessageId)?.text) break;
      if (Date.now() > deadline) throw new Error('partial reply never persisted');
      await new Promise((r) => setTimeout(r, 50));
    }
    first.kill('SIGKILL');
    await new Promise((r) => first.once('exit', r));

    const second = await startServerProcess(env, port);
    try {
      const again = new TestClient(base);
      const login = await again.post('/api/auth/login', { email, password });
      expect(login.status).toBe(200);
      again.token = login.json.token;
      const messages = (await again.get(`/api/messages/${conversationId}`)).json as any[];
      const user = messages.find((m) => m.isCreatedByUser);
      const reply = messages.find((m) => m.messageId === responseMessageId);
      expect(user.text).toBe('write a lot');
      expect(reply.unfinished).toBe(true);
      expect(reply.text).toMatch(/^(token )+/);
      expect(reply.text.length).toBeLessThan('token '.repeat(400).length);
    } finally {
      second.kill('SIGTERM');
      await new Promise((r) => second.once('exit', r));
    }
  }, 60_000);
});
