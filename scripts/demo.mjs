// `npm run demo`: build the web app when stale, then run the server with the "Demo (simulated)"
// endpoint (apps/server/src/demo/demo-main.ts). Data goes to ./data-demo unless DATA_DIR is set.
import { spawn } from 'node:child_process';
import { buildWebIfStale } from './build-web-if-stale.mjs';

buildWebIfStale();
const root = new URL('..', import.meta.url).pathname;
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/demo/demo-main.ts'], {
  cwd: root,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
