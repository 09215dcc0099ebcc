import { spawn } from 'node:child_process';

/** Runs one of this folder's helper scripts in its own process; it prints its URL first. */
async function startHelperProcess(script: string, env: Record<string, string>) {
  const main = new URL(script, import.meta.url).pathname;
  const child = spawn(process.execPath, ['--import', 'tsx', main], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      const line = out.split('\n')[0];
      if (out.includes('\n') && line) resolve(line.trim());
    });
    child.once('exit', () => reject(new Error(`${script} exited`)));
  });
  return { url, pid: child.pid, stop: () => new Promise<void>((r) => (child.once('exit', () => r()), child.kill('SIGTERM'))) };
}

export function startSimulatorProcess(env: { tokens: number; delayMs: number }) {
  return startHelperProcess('./simulator-main.ts', { SIM_TOKENS: String(env.tokens), SIM_DELAY_MS: String(env.delayMs) });
}

/** A bare pass-through to the simulator (relay-main.ts): the floor of any server in between. */
export function startRelayProcess(target: string) {
  return startHelperProcess('./relay-main.ts', { RELAY_TARGET: target });
}

/** The simulator scripted for a tool loop of `steps` model calls (tool-simulator-main.ts). */
export function startToolSimulatorProcess(steps: number) {
  return startHelperProcess('./tool-simulator-main.ts', { SIM_TOOL_STEPS: String(steps) });
}
