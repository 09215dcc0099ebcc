// Builds the web app when dist/ is missing or older than any source it is built from.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const output = join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/shared/src',
  // The artifact preview runtime is built into dist/artifact-runtime by the same build.
  'packages/artifact-runtime/src',
  'packages/artifact-runtime/frame.html',
  'packages/artifact-runtime/vite.config.ts',
  'packages/artifact-runtime/package.json',
  'package-lock.json',
  // A change in how assets are compressed is a change in what dist/ holds.
  'scripts/compress-web-assets.mjs',
];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

export function buildWebIfStale() {
  const built = existsSync(output) ? statSync(output).mtimeMs : 0;
  const newest = Math.max(...sources.map((s) => newestMtime(join(root, s))));
  if (built >= newest) return;
  console.log('Building the web app...');
  execSync('npm run build -w apps/web', { cwd: root, stdio: 'inherit' });
}

if (import.meta.url === `file://${process.argv[1]}`) buildWebIfStale();
