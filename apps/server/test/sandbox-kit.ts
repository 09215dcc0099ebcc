import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import { createSandbox, type Sandbox, type SandboxOptions, type SandboxStatus } from '../src/platform/sandbox/index.js';

/**
 * The code sandbox's tests (issue 37) run the real thing: bubblewrap, cgroups, Debian's python3.
 * They skip only where the sandbox says it is unavailable, and never in CI, where
 * scripts/ensure-sandbox.sh has installed what it needs.
 */
export interface SandboxKit {
  sandbox: Sandbox;
  status: SandboxStatus;
  dataDir: string;
  /** A secrets file in the data folder, as the server keeps one. */
  secretsFile: string;
  secret: string;
  close(): Promise<void>;
}

export async function startSandboxKit(options: Partial<SandboxOptions> = {}): Promise<SandboxKit> {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-sandbox-test-'));
  // As a data folder made by mkdir is: others may pass through, not read.
  chmodSync(dataDir, 0o711);
  const secret = `secret-${randomBytes(8).toString('hex')}`;
  const secretsFile = join(dataDir, 'secrets.json');
  writeFileSync(secretsFile, JSON.stringify({ jwtSecret: secret }), { mode: 0o600 });
  const sandbox = createSandbox({ rootDir: join(dataDir, 'sandbox'), isDefaultRoot: true, ...options });
  const status = await sandbox.status();
  if (!status.available && process.env.CI) {
    throw new Error(`The code sandbox must run in CI: ${status.reason}`);
  }
  return {
    sandbox,
    status,
    dataDir,
    secretsFile,
    secret,
    async close() {
      await sandbox.close();
      rmSync(dataDir, { recursive: true, force: true });
      if (status.sessionsDir && !status.sessionsDir.startsWith(dataDir)) {
        rmSync(status.sessionsDir, { recursive: true, force: true });
      }
    },
  };
}

/** A word to find a run's processes by (it is the program's argument): none may outlive the run. */
export const newMarker = () => `confab-marker-${randomBytes(6).toString('hex')}`;

export function expectNoProcessWith(marker: string): void {
  const lines = execFileSync('ps', ['-eo', 'pid,args'], { encoding: 'utf8' })
    .split('\n')
    .filter((line) => line.includes(marker));
  expect(lines).toEqual([]);
}

export const newSessionId = () => randomBytes(12).toString('base64url');
