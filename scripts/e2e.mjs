// Browser tests: make sure Chromium and the web build exist, then run Playwright.
// Extra arguments go to Playwright (a spec file, --grep ...).
import { buildWebIfStale } from './build-web-if-stale.mjs';
import { run } from './run.mjs';
import { ensureLdap } from './ensure-ldap.mjs';

run('bash', ['scripts/ensure-chromium.sh']);
ensureLdap();
buildWebIfStale();
run('npx', ['playwright', 'test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)]);
