import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { SttEngine, SttOptions } from '../speech-engines.js';
import { LocalSpeechError, runProcess } from './local-process.js';

/** Debian's PocketSphinx (`pocketsphinx`) and its US English model (`pocketsphinx-en-us`). */
export const POCKETSPHINX_PATH = '/usr/bin/pocketsphinx_continuous';
export const POCKETSPHINX_MODEL_DIR = '/usr/share/pocketsphinx/model/en-us';

/** OpenAI's limit for one transcription, which LibreChat's clients already respect. */
export const MAX_STT_AUDIO_BYTES = 25 * 1024 * 1024;
/** Dictation is short; a longer recording is cut here rather than tying up a core. */
const MAX_STT_SECONDS = 600;
const DECODE_TIMEOUT_MS = 60_000;
const RECOGNIZE_TIMEOUT_MS = 300_000;

/**
 * The container each browser type is, handed to ffmpeg with `-f` so it never guesses: a guessed
 * format could be a playlist (HLS, concat) that makes ffmpeg open other files or URLs.
 */
const CONTAINERS: Record<string, string> = {
  'audio/webm': 'webm',
  'video/webm': 'webm',
  'audio/ogg': 'ogg',
  'audio/opus': 'ogg',
  'audio/mp4': 'mp4',
  'audio/m4a': 'mp4',
  'audio/x-m4a': 'mp4',
  'video/mp4': 'mp4',
  'audio/wav': 'wav',
  'audio/wave': 'wav',
  'audio/x-wav': 'wav',
  'audio/mpeg': 'mp3',
  'audio/mp3': 'mp3',
};

export function createPocketsphinxStt(ffmpeg: string): SttEngine {
  return { name: 'local', transcribe: (audio, options) => transcribe(ffmpeg, audio, options) };
}

/** The model is US English only, so `options.language` cannot change the result and is ignored. */
async function transcribe(ffmpeg: string, audio: Uint8Array, options: SttOptions): Promise<string> {
  if (audio.byteLength === 0) throw new LocalSpeechError('audio_empty', 'The recording is empty');
  if (audio.byteLength > MAX_STT_AUDIO_BYTES) {
    throw new LocalSpeechError('audio_too_large', `Recordings are limited to ${MAX_STT_AUDIO_BYTES} bytes`);
  }
  const type = options.mimeType.split(';')[0]?.trim().toLowerCase() ?? '';
  const container = CONTAINERS[type];
  if (!container)
    throw new LocalSpeechError('unsupported_audio_type', `Audio of type ${type || '(none)'} is not supported`);

  const dir = await mkdtemp(join(tmpdir(), 'confab-stt-'));
  try {
    await writeFile(join(dir, 'input'), audio);
    // mp4 keeps its index at the end, so ffmpeg reads a file, not a pipe.
    await runProcess(
      ffmpeg,
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-protocol_whitelist', 'file'],
        ...['-f', container, '-i', 'input', '-t', String(MAX_STT_SECONDS), '-vn'],
        ...['-ar', '16000', '-ac', '1', '-c:a', 'pcm_s16le', '-f', 'wav', 'speech.wav'],
      ],
      { cwd: dir, signal: options.signal, timeoutMs: DECODE_TIMEOUT_MS, maxOutputBytes: 64 * 1024 },
    );
    const out = await runProcess(
      POCKETSPHINX_PATH,
      [
        ...['-infile', 'speech.wav', '-logfn', '/dev/null'],
        ...['-hmm', join(POCKETSPHINX_MODEL_DIR, 'en-us'), '-lm', join(POCKETSPHINX_MODEL_DIR, 'en-us.lm.bin')],
        ...['-dict', join(POCKETSPHINX_MODEL_DIR, 'cmudict-en-us.dict')],
      ],
      { cwd: dir, signal: options.signal, timeoutMs: RECOGNIZE_TIMEOUT_MS, maxOutputBytes: 1024 * 1024 },
    );
    // One line per stretch of speech between pauses.
    return out
      .toString('utf8')
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean)
      .join(' ');
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
