// Compiles the server (scripts/build-server.mjs) when apps/server/dist is missing or older than
// any source it is built from.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
export const serverMain = join(root, 'apps/server/dist/main.js');
const sources = [
  'apps/server/src',
  'apps/server/package.json',
  'packages/shared/src',
  'package-lock.json',
  'scripts/build-server.mjs',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

export function isServerBuildStale() {
  const built = existsSync(serverMain) ? statSync(serverMain).mtimeMs : 0;
  return built < Math.max(...sources.map((s) => newestMtime(join(root, s))));
}

export function buildServerIfStale() {
  if (!isServerBuildStale()) return;
  console.log('Building the server...');
  // In a child process: the bundler's own service then never lives in the server's process.
  execFileSync(process.execPath, [join(root, 'scripts/build-server.mjs')], { cwd: root, stdio: 'inherit' });
}

if (import.meta.url === `file://${process.argv[1]}`) buildServerIfStale();
