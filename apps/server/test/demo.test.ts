import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NO_PARENT } from '@confab/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_CONFIG_FILE } from '../src/demo/start-demo.js';
import { TestClient } from './http-client.js';
import { deltaText, finalFrame, readSse } from './sse-client.js';
import { startTestServer } from './test-server.js';

const ROOT = new URL('../../../', import.meta.url).pathname;
const DEMO = 'Demo (simulated)';

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  return typeof address === 'object' && address ? address.port : 0;
}

async function waitForHealth(baseUrl: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 45_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the demo exited (${child.exitCode}):\n${output()}`);
    const ok = await fetch(`${baseUrl}/health`).then(
      (res) => res.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the demo did not start:\n${output()}`);
}

describe('npm run demo (apps/server/src/demo/demo-main.ts, the entry scripts/demo.mjs runs)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'confab-demo-'));
  const userConfigPath = join(dir, 'config.yaml');
  const userConfig = [
    'version: 1.2.5',
    'endpoints:',
    '  custom:',
    '    - name: Mine',
    '      apiKey: ${MY_KEY}',
    '      baseURL: http://127.0.0.1:9/v1',
    '      models:',
    '        default: [mine-1]',
    '',
  ].join('\n');
  let child: ChildProcess;
  let baseUrl: string;
  let log = '';

  beforeAll(async () => {
    writeFileSync(userConfigPath, userConfig);
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/demo/demo-main.ts'], {
      cwd: ROOT,
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: join(dir, 'data'),
        CONFIG_PATH: userConfigPath,
        // No .env of the checkout may leak in, and the demo must ignore a real database.
        DOTENV_CONFIG_PATH: join(dir, 'absent.env'),
        DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
        LOG_LEVEL: 'warn',
        LOCAL_SERVER_DETECTION: 'false',
        MY_KEY: 'sk-mine',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (log += chunk.toString()));
    await waitForHealth(baseUrl, child, () => log);
  });

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists "Demo (simulated)" beside the user\'s own endpoints, and leaves their config.yaml untouched', async () => {
    const client = new TestClient(baseUrl);
    await client.register();
    const endpoints = (await client.get('/api/endpoints')).json as Record<string, { type?: string }>;
    expect(endpoints[DEMO]).toMatchObject({ type: 'custom' });
    expect(endpoints.Mine).toMatchObject({ type: 'custom' });
    expect(readFileSync(userConfigPath, 'utf8')).toBe(userConfig);
    expect(existsSync(join(dir, 'data', DEMO_CONFIG_FILE))).toBe(true);
    expect(existsSync(join(dir, 'data', 'confab.sqlite'))).toBe(true);
    expect(log).toContain(DEMO);
  });

  it('streams its help to a plain message, thinks on [[think]], fails on [[error:KIND]]', async () => {
    const client = new TestClient(baseUrl);
    await client.register();
    const ask = (text: string) =>
      readSse(`${baseUrl}/api/ask/custom`, {
        token: client.token,
        body: { endpoint: DEMO, model: 'demo-model', text, parentMessageId: NO_PARENT, conversationId: null },
      });

    const help = await ask('Hello');
    expect(help.status).toBe(200);
    // Streamed: the help arrives in many deltas, not in one piece.
    expect(help.frames.filter((f) => f.data?.event === 'on_message_delta').length).toBeGreaterThan(5);
    expect(deltaText(help.frames)).toContain('[[think]]');
    expect(JSON.stringify(finalFrame(help.frames)?.data)).toContain('no key is needed');

    const thought = await ask('Why? [[think]]');
    const final = JSON.stringify(finalFrame(thought.frames)?.data);
    expect(final).toContain('Considering the question carefully.');
    expect(final).toContain('Thought it through.');

    const failed = await ask('[[error:rate_limit]]');
    const last = failed.frames.at(-1);
    expect(last).toMatchObject({ event: 'error', data: { error: true, final: true } });
    expect(last?.data.text).toContain('"type":"rate_limit"');
  });
});

describe('a normal start has no demo endpoint', () => {
  it('GET /api/endpoints lists no "Demo (simulated)"', async () => {
    const server = await startTestServer();
    try {
      const client = new TestClient(server.baseUrl);
      await client.register();
      const endpoints = (await client.get('/api/endpoints')).json as Record<string, unknown>;
      expect(Object.keys(endpoints)).not.toContain(DEMO);
    } finally {
      await server.close();
    }
  });
});
