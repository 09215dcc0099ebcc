/**
 * The browser benchmark's server: the real server in its own process (so its memory can be read
 * apart from the browser's and the load generator's), on a fresh data folder, with two providers:
 * - a custom endpoint "Simulator", served by the testkit OpenAI simulator in this process (the
 *   reply the browser watches stream, at the pace the benchmark sets);
 * - openAI, served by the streaming benchmark's simulator process (its 100-token replies at 50
 *   tokens/s), for the 500 streams under which the server's memory is read.
 * The compiled server (apps/server/dist/main.js) runs when it has been built, the sources
 * through tsx otherwise.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOpenAISimulator, type OpenAISimulator } from '@confab/testkit';
import { startServerProcess, type ServerProcess } from '../lib/server-process.js';
import { startSimulatorProcess } from '../lib/simulator-process.js';

export const CUSTOM_ENDPOINT = 'Simulator';
export const CUSTOM_MODEL = 'sim-fast';
const COMPILED_MAIN = new URL('../../apps/server/dist/main.js', import.meta.url).pathname;

export interface BenchServer {
  server: ServerProcess;
  dataDir: string;
  /** Which build runs: "compiled (apps/server/dist)" or "sources through tsx". */
  build: string;
  /** Serves the custom endpoint; its responder is the benchmark's to set. */
  browserSim: OpenAISimulator;
  loadSim: { url: string; pid: number | undefined; stop(): Promise<void> };
  stop(): Promise<void>;
}

export async function startBenchServer(load: { tokens: number; delayMs: number }): Promise<BenchServer> {
  const browserSim = await startOpenAISimulator({ apiKey: 'sk-bench' });
  const loadSim = await startSimulatorProcess(load);
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-browser-bench-'));
  const configPath = join(dataDir, 'config.yaml');
  writeFileSync(
    configPath,
    [
      'version: 1.2.5',
      'endpoints:',
      '  custom:',
      `    - name: ${CUSTOM_ENDPOINT}`,
      '      apiKey: sk-bench',
      `      baseURL: ${browserSim.url}`,
      '      models:',
      `        default: [${CUSTOM_MODEL}]`,
      '',
    ].join('\n'),
  );
  const compiled = existsSync(COMPILED_MAIN);
  const server = await startServerProcess(
    {
      DATA_DIR: dataDir,
      CONFIG_PATH: configPath,
      REDIS_URI: '',
      OPENAI_API_KEY: 'sk-bench',
      OPENAI_REVERSE_PROXY: loadSim.url,
      OPENAI_MODELS: 'gpt-4o-mini',
    },
    compiled ? [COMPILED_MAIN] : undefined,
  );
  return {
    server,
    dataDir,
    build: compiled ? 'compiled (apps/server/dist)' : 'sources through tsx',
    browserSim,
    loadSim,
    stop: async () => {
      await server.stop();
      await loadSim.stop();
      await browserSim.close();
      rmSync(dataDir, { recursive: true, force: true }); // the seeded conversations: tens of MB a run
    },
  };
}

/** Resident memory of a process in MB (VmRSS of /proc/<pid>/status); NaN where /proc is absent. */
export function residentMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+) kB/m.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return NaN;
  }
}
