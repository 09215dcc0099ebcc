import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runProcess } from './local/local-process.js';
import type { TtsEngine } from './speech-engines.js';

/** The containers a TTS server answers instead of MP3, by their first bytes, as ffmpeg's `-f`. */
const SIGNATURES: { container: string; matches(head: Buffer): boolean }[] = [
  {
    container: 'wav',
    matches: (h) => h.subarray(0, 4).toString('latin1') === 'RIFF' && h.subarray(8, 12).toString('latin1') === 'WAVE',
  },
  { container: 'ogg', matches: (h) => h.subarray(0, 4).toString('latin1') === 'OggS' },
  { container: 'flac', matches: (h) => h.subarray(0, 4).toString('latin1') === 'fLaC' },
];
const MAX_TRANSCODE_INPUT_BYTES = 100 * 1024 * 1024;
const TRANSCODE_TIMEOUT_MS = 120_000;

/** Which non-MP3 container these first bytes start, if any. */
export function containerOf(head: Uint8Array): string | undefined {
  const bytes = Buffer.from(head.buffer, head.byteOffset, head.byteLength);
  return SIGNATURES.find((s) => bytes.length >= 12 && s.matches(bytes))?.container;
}

/**
 * The speech routes answer audio/mpeg, and the browser plays that while it downloads. Some TTS
 * servers answer WAV whatever they are asked (LocalAI with Piper, for one, as LibreChat passes on
 * mislabelled), so such audio is re-encoded to MP3 here; MP3 passes through untouched.
 */
export function withMp3Output(engine: TtsEngine, ffmpeg: string | undefined): TtsEngine {
  if (!ffmpeg) return engine;
  return {
    name: engine.name,
    voices: () => engine.voices(),
    synthesize: (text, options) => ensureMp3(engine.synthesize(text, options), ffmpeg, options.signal),
  };
}

async function* ensureMp3(
  chunks: AsyncIterable<Uint8Array>,
  ffmpeg: string,
  signal: AbortSignal | undefined,
): AsyncIterable<Uint8Array> {
  const iterator = chunks[Symbol.asyncIterator]();
  const held: Uint8Array[] = [];
  let heldBytes = 0;
  // Enough of the start to read a signature (a WAV header needs 12 bytes).
  while (heldBytes < 12) {
    const next = await iterator.next();
    if (next.done) break;
    held.push(next.value);
    heldBytes += next.value.byteLength;
  }
  const container = containerOf(Buffer.concat(held));
  if (!container) {
    yield* held;
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value;
    return;
  }
  for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
    held.push(next.value);
    heldBytes += next.value.byteLength;
    if (heldBytes > MAX_TRANSCODE_INPUT_BYTES) throw new Error('The speech server answered more audio than allowed');
  }
  yield await transcode(Buffer.concat(held), container, ffmpeg, signal);
}

async function transcode(audio: Buffer, container: string, ffmpeg: string, signal: AbortSignal | undefined) {
  const dir = await mkdtemp(join(tmpdir(), 'confab-tts-'));
  try {
    await writeFile(join(dir, 'input'), audio);
    // `-f` names the container so ffmpeg never guesses one (a playlist would open other files).
    return await runProcess(
      ffmpeg,
      [
        ...['-hide_banner', '-nostdin', '-loglevel', 'error', '-protocol_whitelist', 'file'],
        ...['-f', container, '-i', 'input', '-vn', '-c:a', 'libmp3lame', '-b:a', '64k', '-f', 'mp3', 'pipe:1'],
      ],
      { cwd: dir, signal, timeoutMs: TRANSCODE_TIMEOUT_MS, maxOutputBytes: MAX_TRANSCODE_INPUT_BYTES },
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
