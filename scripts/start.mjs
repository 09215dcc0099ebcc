// `npm start`: build what is not built, then run the server on the embedded defaults.
import { spawn } from 'node:child_process';
import { buildWebIfStale } from './build-web-if-stale.mjs';
import { ensureSpeechEngines } from './ensure-speech-engines.mjs';

ensureSpeechEngines();
buildWebIfStale();
const root = new URL('..', import.meta.url).pathname;
const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));
