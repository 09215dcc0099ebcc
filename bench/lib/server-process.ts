import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  child: ChildProcess;
  stop(): Promise<void>;
}

const SOURCE_ENTRY = ['--import', 'tsx', new URL('../../apps/server/src/main.ts', import.meta.url).pathname];

/**
 * Runs the real server (its own process, as in production) on a fresh data folder; `entry` is
 * what node runs, the TypeScript sources through tsx unless told otherwise (a compiled build).
 */
export async function startServerProcess(env: Record<string, string>, entry = SOURCE_ENTRY): Promise<ServerProcess> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-'));
  const profile = process.env.BENCH_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE_DIR}`]
    : [];
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, ...profile, ...entry], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      CONFIG_PATH: join(dataDir, 'none.yaml'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'error',
      REGISTER_MAX: '100000',
      LOGIN_IP_MAX: '100000',
      TITLE_CONVO: 'false',
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${baseUrl}/health`)).ok) break;
    } catch {
      /* starting */
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    baseUrl,
    child,
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}

export async function registerUser(baseUrl: string): Promise<string> {
  const password = 'benchmark password';
  const res = await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: 'Bench User',
      email: `bench-${Date.now()}-${Math.random()}@example.com`,
      password,
      confirm_password: password,
    }),
  });
  const json = (await res.json()) as { token: string };
  return json.token;
}
