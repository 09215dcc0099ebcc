/**
 * Speech (issue 24), the fully local engine: time to the first MP3 byte of a 500-character reply
 * (Flite through ffmpeg, sentence pieces streamed), and the real-time factor of the local speech
 * to text (PocketSphinx) on that reply's audio: seconds of work per second of speech.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLocalStt, createLocalTts } from '../apps/server/src/features/speech/local/local-engine.js';
import { runProcess } from '../apps/server/src/features/speech/local/local-process.js';
import { ffmpegPath } from '../apps/server/src/features/memes/meme-video-ffmpeg.js';
import { percentile, round } from './lib/stats.js';

const RUNS = Number(process.env.BENCH_SPEECH_RUNS ?? 5);

const REPLY = [
  'The weather today is mild, with a light breeze from the west and clear skies through the afternoon.',
  'In the evening the clouds will gather over the hills, and a little rain may fall after midnight.',
  'Tomorrow starts cool and bright, so take a jacket in the morning and leave it at home by noon.',
  'The weekend looks warmer, with long sunny spells and only a small chance of a shower on Sunday.',
  'If you plan to walk by the river, the best hours are early in the morning before the wind.',
  'Next week brings more of the same, with warm days and cool nights.',
]
  .join(' ')
  .slice(0, 500);

/** Seconds of speech in an MP3: decoded to 16 kHz mono 16-bit PCM, two bytes a sample. */
async function secondsOf(mp3: Buffer): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'confab-bench-speech-'));
  try {
    const file = join(dir, 'reply.mp3');
    writeFileSync(file, mp3);
    const pcm = await runProcess(
      ffmpegPath(),
      ['-v', 'error', '-i', file, '-f', 's16le', '-ac', '1', '-ar', '16000', 'pipe:1'],
      {
        timeoutMs: 60_000,
        maxOutputBytes: 200 * 1024 * 1024,
      },
    );
    return pcm.length / 32_000;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runSpeechBench(): Promise<{ rows: Record<string, unknown>[] }> {
  const tts = createLocalTts();
  const stt = createLocalStt();
  if (!tts || !stt) {
    return {
      rows: [
        {
          case: 'local speech engine',
          result: 'skipped: flite or pocketsphinx is not installed (scripts/ensure-speech-engines.sh)',
        },
      ],
    };
  }
  const firstByte: number[] = [];
  const whole: number[] = [];
  let audio = Buffer.alloc(0);
  for (let i = 0; i < RUNS; i++) {
    const chunks: Uint8Array[] = [];
    const t0 = performance.now();
    for await (const chunk of tts.synthesize(REPLY, {})) {
      if (!chunks.length) firstByte.push(performance.now() - t0);
      chunks.push(chunk);
    }
    whole.push(performance.now() - t0);
    audio = Buffer.concat(chunks);
  }
  const seconds = await secondsOf(audio);
  const factors: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await stt.transcribe(audio, { mimeType: 'audio/mpeg' });
    factors.push((performance.now() - t0) / 1000 / seconds);
  }
  return {
    rows: [
      {
        case: `local TTS, a ${REPLY.length}-character reply, ${RUNS} runs`,
        'first audio byte p50 ms': round(percentile(firstByte, 50), 0),
        'first audio byte p95 ms': round(percentile(firstByte, 95), 0),
        'whole reply p50 ms': round(percentile(whole, 50), 0),
        'speech s': round(seconds, 1),
      },
      {
        case: `local STT of that reply's ${round(seconds, 1)} s of audio, ${RUNS} runs`,
        'real-time factor p50': round(percentile(factors, 50), 3),
        'real-time factor p95': round(percentile(factors, 95), 3),
      },
    ],
  };
}
