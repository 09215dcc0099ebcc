// The local speech engine's Debian packages (scripts/ensure-speech-engines.sh), installed when
// missing. Not fatal: without them (no apt, no sudo) the app starts and the tests run, and speech
// uses the browser's own engine or a configured server engine; the local engine's tests skip.
import { spawnSync } from 'node:child_process';
import { root } from './run.mjs';

export function ensureSpeechEngines() {
  const result = spawnSync('bash', ['scripts/ensure-speech-engines.sh'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    console.warn('[speech] Could not install flite and pocketsphinx: the local speech engine is off on this machine.');
  }
}
