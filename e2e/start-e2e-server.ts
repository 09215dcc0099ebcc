/**
 * Starts the real server for the browser tests: a fresh data folder, the built web app,
 * and the testkit provider simulator configured as a custom endpoint and as openAI.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const port = process.env.E2E_PORT ?? '3181';
const dataDir = mkdtempSync(join(tmpdir(), 'confab-e2e-'));
const configPath = join(dataDir, 'config.yaml');
writeFileSync(configPath, 'version: 1.2.5\n');

const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    PORT: port,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    CONFIG_PATH: configPath,
    LOG_LEVEL: 'warn',
    REGISTER_MAX: '1000',
    LOGIN_IP_MAX: '1000',
  },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
