import { spawn } from 'node:child_process';

export async function startSimulatorProcess(env: { tokens: number; delayMs: number }) {
  const main = new URL('./simulator-main.ts', import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, SIM_TOKENS: String(env.tokens), SIM_DELAY_MS: String(env.delayMs) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(line.trim());
    });
    child.once('exit', () => reject(new Error('simulator exited')));
  });
  return { url, pid: child.pid, stop: () => new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))) };
}
