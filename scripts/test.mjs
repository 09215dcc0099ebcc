// `npm test`: every test. Unit and integration (Vitest), then the browser suite (Playwright).
import { run } from './run.mjs';

run('npx', ['vitest', 'run']);
run('node', ['scripts/e2e.mjs']);
