import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NO_PARENT } from '@confab/shared';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TestClient } from './http-client.js';

const root = new URL('../../../', import.meta.url).pathname;
const serverMain = join(root, 'apps/server/dist/main.js');
const REPLY = 'token '.repeat(400);

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

async function waitForHealth(base: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline && child.exitCode === null) {
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`server did not start (exit code ${child.exitCode})`);
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  if (child.exitCode !== null || child.signalCode !== null) {
    return Promise.resolve({ code: child.exitCode, signal: child.signalCode });
  }
  return new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
}

/** The processes whose parent is `pid`, from /proc (Linux, as in CI). */
function childrenOf(pid: number): { pid: number; command: string }[] {
  const children: { pid: number; command: string }[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // The command sits in parentheses and may hold spaces; the parent pid is the second field after it.
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (parent === pid)
        children.push({ pid: Number(name), command: stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')')) });
    } catch {
      /* gone meanwhile */
    }
  }
  return children;
}

const running = new Set<ChildProcess>();
let sim: OpenAISimulator;
let dataDir: string;

function startProcess(args: string[], port: number): ChildProcess {
  const configPath = join(dataDir, 'config.yaml');
  writeFileSync(
    configPath,
    [
      'version: 1.2.1',
      'endpoints:',
      '  custom:',
      '    - name: Simulator',
      '      apiKey: sk-test',
      `      baseURL: ${sim.url}`,
      '      models:',
      '        default: [sim-1]',
      '',
    ].join('\n'),
  );
  const child = spawn(process.execPath, args, {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      CONFIG_PATH: configPath,
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      TITLE_CONVO: 'false',
      DATABASE_URL: '',
      // A folder without index.html: the API alone, and `npm start` builds no web app for it.
      WEB_DIST: join(dataDir, 'no-web'),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  running.add(child);
  child.once('exit', () => running.delete(child));
  return child;
}

beforeAll(async () => {
  // A clean clone has no dist/: built once here, as `npm start` would (esbuild, about a second).
  const build = spawnSync(process.execPath, ['scripts/build-server-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
  expect(build.status).toBe(0);
  sim = await startOpenAISimulator();
}, 120_000);
afterEach(() => {
  for (const child of running) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});
afterAll(async () => {
  await sim.close();
});

describe('the compiled server', () => {
  it('on SIGTERM mid-stream stores the partial reply, ends the stream and exits 0 within 10 s', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'confab-prod-'));
    sim.enqueue({ text: REPLY, chunkSize: 6, delayMs: 20 });
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = startProcess([serverMain], port);
    await waitForHealth(base, server);
    const client = new TestClient(base);
    await client.register();

    const res = await fetch(`${base}/api/ask/custom`, {
      method: 'POST',
      headers: { authorization: `Bearer ${client.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({
        text: 'write a lot',
        endpoint: 'Simulator',
        model: 'sim-1',
        parentMessageId: NO_PARENT,
        conversationId: null,
      }),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    // Read the stream as a browser would, until a few deltas have arrived; then signal mid-stream.
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let received = '';
    while ((received.match(/on_message_delta/g) ?? []).length < 5) {
      const { value, done } = await reader.read();
      if (done) throw new Error(`stream ended early: ${received}`);
      received += decoder.decode(value, { stream: true });
    }
    const responseMessageId = /"responseMessageId":"([^"]+)"/.exec(received)?.[1];
    expect(responseMessageId).toBeTruthy();

    const signalledAt = Date.now();
    server.kill('SIGTERM');
    // The client keeps reading: the server must end the stream itself.
    for (;;) {
      const { done } = await reader.read();
      if (done) break;
    }
    const { code, signal } = await exited(server);
    expect({ code, signal }).toEqual({ code: 0, signal: null });
    expect(Date.now() - signalledAt).toBeLessThan(10_000);

    const db = new Database(join(dataDir, 'confab.sqlite'), { readonly: true });
    try {
      const reply = db.prepare('select text, unfinished from messages where message_id = ?').get(responseMessageId) as
        { text: string; unfinished: number } | undefined;
      expect(reply?.text).toMatch(/^(token )+/);
      expect(reply!.text.length).toBeLessThan(REPLY.length);
      // Written by the stop, not only by the growing reply's periodic save a crash would leave.
      expect(reply!.unfinished).toBe(0);
    } finally {
      db.close();
    }
  });

  it('`node scripts/start.mjs` serves from one Node process, with no child, and exits 0 on SIGTERM', async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'confab-start-'));
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const start = startProcess(['scripts/start.mjs'], port);
    await waitForHealth(base, start);
    // Nothing serves beside this process. The code sandbox's check at start (issue 37) runs a
    // short-lived probe as the server's own child (a shell that joins its cgroup, then
    // bubblewrap): it ends by itself, whereas a child that served would stay.
    await expect.poll(() => childrenOf(start.pid!), { timeout: 20_000 }).toEqual([]);
    const listening = await fetch(`${base}/health`);
    expect(listening.ok).toBe(true);

    start.kill('SIGTERM');
    expect(await exited(start)).toEqual({ code: 0, signal: null });
  });
});
