// `npm test`: every test. Unit and integration (Vitest), then the browser suite (Playwright).
import { execSync } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const run = (cmd) => execSync(cmd, { cwd: root, stdio: 'inherit' });

try {
  run('npx vitest run');
  run('node scripts/e2e.mjs');
} catch (err) {
  process.exit(typeof err.status === 'number' ? err.status : 1);
}
