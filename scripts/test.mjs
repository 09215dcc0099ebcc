// `npm test`: every test. Unit and integration (Vitest), then the browser suite (Playwright),
// closing with one summary line "N passed, N failed" over both.
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { root } from './run.mjs';
import { ensureSandbox } from './ensure-sandbox.mjs';
import { ensureSpeechEngines } from './ensure-speech-engines.mjs';
import { ensureLdap } from './ensure-ldap.mjs';

const reports = join(root, 'e2e/.artifacts/reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const vitestReport = join(reports, 'vitest.json');
const playwrightReport = join(reports, 'playwright.json');

const step = (command, args, env = {}) =>
  spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } }).status ?? 1;

ensureSpeechEngines();
ensureSandbox();
ensureLdap();
const unit = step('npx', ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`]);
const browser = step('node', ['scripts/e2e.mjs'], { PLAYWRIGHT_JSON_OUTPUT_FILE: playwrightReport });

const read = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined);
const v = read(vitestReport);
const playwright = read(playwrightReport);
const p = playwright?.stats;
// Errors outside any test (a web server that did not start) count as failures too.
const playwrightErrors = playwright?.errors?.length ?? 0;
const passed = (v?.numPassedTests ?? 0) + (p?.expected ?? 0) + (p?.flaky ?? 0);
// A test file that fails to load has no failed tests of its own: it counts as one failure.
const failedSuitesWithoutTests = (v?.testResults ?? []).filter(
  (file) => file.status === 'failed' && !(file.assertionResults ?? []).some((test) => test.status === 'failed'),
).length;
const failed =
  (v?.numFailedTests ?? 0) + failedSuitesWithoutTests + (p?.unexpected ?? 0) + playwrightErrors + (v ? 0 : 1) + (p ? 0 : 1);
const skipped = (v?.numPendingTests ?? 0) + (v?.numTodoTests ?? 0) + (p?.skipped ?? 0);
const flaky = p?.flaky ?? 0;
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped${flaky ? `, ${flaky} flaky (passed on a retry)` : ''}`);
process.exit(unit !== 0 || browser !== 0 || failed > 0 ? 1 : 0);
