/**
 * Starts the real server for the browser tests: a fresh data folder, the built web app, and
 * the testkit provider simulator serving both the openAI endpoint and a custom endpoint
 * named "Simulator" (replies scripted by markers, see support/scripted-replies.ts).
 * The data folder is printed as `E2E_DATA_DIR=...` and written to e2e/.artifacts/data-dir
 * so tests can seed the SQLite file.
 */
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startOpenAISimulator } from '@confab/testkit';
import { scriptReply } from './support/scripted-replies.js';
import { startE2eWeb } from './support/web-search-pages.js';

const port = process.env.E2E_PORT ?? '3181';
const dataDir = mkdtempSync(join(tmpdir(), 'confab-e2e-'));
const artifacts = new URL('./.artifacts/', import.meta.url).pathname;
mkdirSync(artifacts, { recursive: true });
writeFileSync(join(artifacts, 'data-dir'), dataDir);

const sim = await startOpenAISimulator({ apiKey: 'sk-e2e' });
sim.setResponder(scriptReply);
// Web search (issue 41): a SearXNG fake and the pages it finds, both on loopback, exempted below.
const web = await startE2eWeb();

const configPath = join(dataDir, 'config.yaml');
const mcpFixture = new URL('./fixtures/mcp-slow-echo.ts', import.meta.url).pathname;
writeFileSync(
  configPath,
  [
    'version: 1.2.5',
    'endpoints:',
    '  custom:',
    '    - name: Simulator',
    '      apiKey: sk-e2e',
    `      baseURL: ${sim.url}`,
    '      models:',
    '        default: [sim-fast, sim-smart]',
    '      titleConvo: true',
    '      modelDisplayLabel: Simulator',
    // Each user brings their own key (the simulator accepts sk-e2e): the API key dialog tests.
    '    - name: BringYourKey',
    '      apiKey: user_provided',
    `      baseURL: ${sim.url}`,
    '      models:',
    '        default: [byok-model]',
    // Memory (issue 41): the simulator plays the memory agent. A message with
    // `[[remember:KEY=VALUE]]` saves KEY, `[[forget:KEY]]` deletes it (testkit scripted-replies.ts).
    'memory:',
    '  agent:',
    '    provider: Simulator',
    '    model: sim-fast',
    // Files are off for it: the attach button says so (files.spec.ts).
    'fileConfig:',
    '  endpoints:',
    '    BringYourKey:',
    '      disabled: true',
    // The agents.spec MCP server: slow_echo answers after 5 s (stdio, started by the server).
    'mcpServers:',
    '  e2e-tools:',
    '    type: stdio',
    `    command: ${JSON.stringify(process.execPath)}`,
    `    args: [--import, tsx, ${JSON.stringify(mcpFixture)}]`,
    '    timeout: 30000',
    'webSearch:',
    `  searxngInstanceUrl: ${web.searxng.url}`,
    `  allowedAddresses: [${JSON.stringify(web.pages.hostPort)}]`,
    '',
  ].join('\n'),
);

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    DATABASE_URL: '',
    REDIS_URI: '',
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CONFIG_PATH: configPath,
    LOG_LEVEL: 'warn',
    REGISTER_MAX: '1000',
    LOGIN_IP_MAX: '1000',
    LOGIN_MAX: '1000',
    OPENAI_API_KEY: 'sk-e2e',
    OPENAI_REVERSE_PROXY: sim.url,
    OPENAI_MODELS: 'gpt-4o-mini,gpt-4o',
  },
});
console.log(`E2E_DATA_DIR=${dataDir}`);
const stop = async (signal: NodeJS.Signals) => {
  child.kill(signal);
  await Promise.all([sim.close(), web.close()]);
};
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void stop(signal));
child.on('exit', (code) => {
  void Promise.all([sim.close(), web.close()]).finally(() => process.exit(code ?? 0));
});
