// Browser tests: make sure Chromium and the web build exist, then run Playwright.
import { execSync } from 'node:child_process';
import { buildWebIfStale } from './build-web-if-stale.mjs';

const root = new URL('..', import.meta.url).pathname;
execSync('bash scripts/ensure-chromium.sh', { cwd: root, stdio: 'inherit' });
buildWebIfStale();
const extra = process.argv.slice(2).join(' ');
execSync(`npx playwright test -c e2e/playwright.config.ts ${extra}`, { cwd: root, stdio: 'inherit' });
