// The code sandbox's Debian packages (scripts/ensure-sandbox.sh: bubblewrap, python3 with numpy,
// pandas and matplotlib), installed when missing, at `npm install` (postinstall) and again before
// `npm start` and `npm test`. Not fatal: without them the app starts, the sandbox reports itself
// unavailable with the reason, and its tests skip (except in CI, where they must run).
import { spawnSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { root } from './run.mjs';

export function ensureSandbox() {
  if (process.platform !== 'linux') return;
  const result = spawnSync('bash', ['scripts/ensure-sandbox.sh'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.warn('[sandbox] Could not install bubblewrap and python3: the code sandbox is off on this machine.');
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) ensureSandbox();
