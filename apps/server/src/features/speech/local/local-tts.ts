import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TtsEngine, TtsOptions } from '../speech-engines.js';
import { LocalSpeechError, abortReason, runProcess } from './local-process.js';

/** Debian's Flite (package `flite`): its voices are compiled into the binary, nothing is downloaded. */
export const FLITE_PATH = '/usr/bin/flite';

/**
 * The voices Flite ships with their sample rates. An allowlist on purpose: Flite also takes a
 * path or a URL as a voice, which would let a caller make the server read files or fetch.
 */
const VOICE_RATES = { rms: 16000, slt: 16000, awb: 16000, kal16: 16000, kal: 8000 } as const;
type Voice = keyof typeof VOICE_RATES;
export const LOCAL_VOICES = Object.keys(VOICE_RATES) as Voice[];
/** The voice the local recognizer understands best, so read-aloud and dictation agree. */
export const DEFAULT_LOCAL_VOICE: Voice = 'rms';

/** LibreChat reads a message aloud in one request; longer text is refused, not truncated. */
export const MAX_TTS_TEXT_CHARS = 10_000;
/** Flite speaks one piece at a time; short pieces make the first audio arrive sooner. */
const PIECE_CHARS = 200;
const TTS_TIMEOUT_MS = 120_000;
/** One piece of 200 characters is about 15 s of 16 kHz PCM (~480 kB); far more means a fault. */
const MAX_PIECE_WAV_BYTES = 8 * 1024 * 1024;

export function createFliteTts(ffmpeg: string): TtsEngine {
  return {
    name: 'local',
    voices: () => Promise.resolve([...LOCAL_VOICES]),
    synthesize: (text, options) => synthesize(ffmpeg, text, options),
  };
}

async function* synthesize(ffmpeg: string, text: string, options: TtsOptions): AsyncGenerator<Uint8Array> {
  // Control characters are noise to a synthesizer; removing them keeps Flite's input plain text.
  // eslint-disable-next-line no-control-regex
  const clean = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  if (!clean) throw new LocalSpeechError('text_empty', 'There is no text to speak');
  if (clean.length > MAX_TTS_TEXT_CHARS) {
    throw new LocalSpeechError('text_too_long', `Text to speak is limited to ${MAX_TTS_TEXT_CHARS} characters`);
  }
  if (options.signal?.aborted) throw abortReason(options.signal);
  // A voice saved for another engine falls back to the default rather than failing read-aloud.
  const voice: Voice = LOCAL_VOICES.find((v) => v === options.voice) ?? DEFAULT_LOCAL_VOICE;
  const speed = Math.min(4, Math.max(0.25, options.speed ?? 1));

  const dir = await mkdtemp(join(tmpdir(), 'confab-tts-'));
  const stop = new AbortController();
  const onAbort = () => stop.abort(abortReason(options.signal));
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const timer = setTimeout(
    () => stop.abort(new LocalSpeechError('engine_timeout', `Speaking took longer than ${TTS_TIMEOUT_MS} ms`)),
    TTS_TIMEOUT_MS,
  );
  // One encoder for the whole text, fed Flite's PCM piece by piece: one continuous MP3 stream.
  const encoder = spawn(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-f', 's16le', '-ar', String(VOICE_RATES[voice]), '-ac', '1'],
      ...['-i', 'pipe:0', '-c:a', 'libmp3lame', '-b:a', '64k', '-flush_packets', '1', '-f', 'mp3', 'pipe:1'],
    ],
    { stdio: ['pipe', 'pipe', 'ignore'] },
  );
  const exited = once(encoder, 'close').catch(() => [null]) as Promise<[number | null]>;
  encoder.stdin.on('error', () => undefined); // EPIPE once the encoder is killed: the abort reports it
  const killEncoder = () => encoder.kill('SIGKILL');
  stop.signal.addEventListener('abort', killEncoder, { once: true });

  const feeding = (async () => {
    for (const piece of splitIntoPieces(clean)) {
      // Flite writes only to a file: `-o -` names a file "-", and Node's stdio is a socket it cannot open.
      await runProcess(
        FLITE_PATH,
        ['-voice', voice, '--setf', `duration_stretch=${(1 / speed).toFixed(3)}`, '-t', piece, '-o', 'piece.wav'],
        { cwd: dir, signal: stop.signal, timeoutMs: TTS_TIMEOUT_MS, maxOutputBytes: 64 * 1024 },
      );
      const wav = await readFile(join(dir, 'piece.wav'));
      if (wav.byteLength > MAX_PIECE_WAV_BYTES)
        throw new LocalSpeechError('output_too_large', 'flite wrote too much audio');
      if (!encoder.stdin.write(wavSamples(wav))) await once(encoder.stdin, 'drain', { signal: stop.signal });
    }
    encoder.stdin.end();
  })().catch((err: unknown) => {
    stop.abort(err instanceof Error ? err : new Error(String(err)));
  });

  try {
    for await (const chunk of encoder.stdout as AsyncIterable<Buffer>) {
      if (stop.signal.aborted) break; // audio already buffered is not the caller's after an abort
      yield new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    }
    await feeding;
    const [code] = await exited;
    if (stop.signal.aborted) throw stop.signal.reason instanceof Error ? stop.signal.reason : abortReason(undefined);
    if (code !== 0) throw new LocalSpeechError('engine_failed', `ffmpeg failed to encode MP3 (exit code ${code})`);
  } finally {
    // Also reached when the listener stops reading early: nothing may keep running.
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
    if (encoder.exitCode === null && encoder.signalCode === null) killEncoder();
    stop.abort(new DOMException('Speech was stopped', 'AbortError'));
    await feeding;
    await rm(dir, { recursive: true, force: true });
  }
}

/** Splits at sentence ends, then at spaces, into pieces of at most PIECE_CHARS characters. */
export function splitIntoPieces(text: string): string[] {
  const pieces: string[] = [];
  let current = '';
  for (const word of text.split(/\s+/)) {
    for (let i = 0; i < word.length; i += PIECE_CHARS) {
      const part = word.slice(i, i + PIECE_CHARS);
      if (current && current.length + 1 + part.length > PIECE_CHARS) {
        pieces.push(current);
        current = '';
      }
      current = current ? `${current} ${part}` : part;
      if (/[.!?;:]$/.test(part) && current.length > PIECE_CHARS / 4) {
        pieces.push(current);
        current = '';
      }
    }
  }
  if (current) pieces.push(current);
  return pieces;
}

/** The PCM samples of a RIFF/WAVE file: the body of its `data` chunk. */
function wavSamples(wav: Buffer): Buffer {
  let offset = 12;
  while (offset + 8 <= wav.length) {
    const id = wav.toString('ascii', offset, offset + 4);
    const size = wav.readUInt32LE(offset + 4);
    if (id === 'data') return wav.subarray(offset + 8, Math.min(wav.length, offset + 8 + size));
    offset += 8 + size + (size % 2);
  }
  throw new LocalSpeechError('engine_failed', 'flite wrote no audio');
}
