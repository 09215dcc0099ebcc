import { accessSync, constants } from 'node:fs';
import { join } from 'node:path';
import { ffmpegPath } from '../../memes/meme-video-ffmpeg.js';
import type { SttEngine, TtsEngine } from '../speech-engines.js';
import { FLITE_PATH, createFliteTts } from './local-tts.js';
import { POCKETSPHINX_MODEL_DIR, POCKETSPHINX_PATH, createPocketsphinxStt } from './local-stt.js';

/**
 * The fully local engine, named `local`, used when config.yaml configures no other: text to
 * speech with Flite and speech to text with PocketSphinx, both Debian packages that ship their
 * models (`scripts/ensure-speech-engines.sh` installs them), and the project's ffmpeg for MP3 and
 * for browsers' recordings. Undefined when this machine lacks a piece, so speech is just off.
 */
export function createLocalTts(): TtsEngine | undefined {
  const ffmpeg = findFfmpeg();
  return ffmpeg && isExecutable(FLITE_PATH) ? createFliteTts(ffmpeg) : undefined;
}

export function createLocalStt(): SttEngine | undefined {
  const ffmpeg = findFfmpeg();
  const hasModel = isReadable(join(POCKETSPHINX_MODEL_DIR, 'en-us.lm.bin'));
  return ffmpeg && hasModel && isExecutable(POCKETSPHINX_PATH) ? createPocketsphinxStt(ffmpeg) : undefined;
}

/** The project's ffmpeg, or undefined where its npm package has no build for this platform. */
export function findFfmpeg(): string | undefined {
  try {
    return ffmpegPath();
  } catch {
    return undefined; // the npm package has no build for this platform
  }
}

function isExecutable(path: string): boolean {
  return canAccess(path, constants.X_OK);
}

function isReadable(path: string): boolean {
  return canAccess(path, constants.R_OK);
}

function canAccess(path: string, mode: number): boolean {
  try {
    accessSync(path, mode);
    return true;
  } catch {
    return false;
  }
}
