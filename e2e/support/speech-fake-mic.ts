/**
 * Chromium's fake microphone for the speech specs (issue 24): a WAV the local engine's own voice
 * speaks, played once into every capture, so dictation is transcribed by the local engine the
 * shared e2e server runs when config.yaml has no `speech:` section.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test as base } from '@playwright/test';
import { createLocalStt, createLocalTts } from '../../apps/server/src/features/speech/local/local-engine';
import { DEFAULT_LOCAL_VOICE, FLITE_PATH } from '../../apps/server/src/features/speech/local/local-tts';
import { ffmpegPath } from '../../apps/server/src/features/memes/meme-video-ffmpeg';

/** Why the specs skip: the same check the server makes before it offers the local engine. */
export const LOCAL_SPEECH_MISSING =
  createLocalTts() && createLocalStt()
    ? undefined
    : 'the local speech engine is not installed here: run scripts/ensure-speech-engines.sh (Debian flite, pocketsphinx)';

/**
 * What the fake microphone says. Flite's `rms` voice (the local engine's default, chosen because
 * PocketSphinx understands it) speaks this so that every word comes back in a round trip.
 */
export const SPOKEN_PHRASE = 'the weather is sunny today';

const SAMPLE_RATE = 48_000;
const LEADING_SILENCE_MS = 500;
/** Longer than the recorder's 3 s silence stop, so recording ends on silence, not on the file's end. */
const TRAILING_SILENCE_S = 4;

/**
 * Speaks `phrase` into a 48 kHz mono 16-bit WAV (the format Chromium's fake capture reads), with
 * half a second of silence before it and four after it. Made once per worker, in the artifacts folder.
 */
export function makeSpokenWav(phrase: string, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const spoken = join(dir, 'spoken.wav');
  const padded = join(dir, 'fake-microphone.wav');
  execFileSync(FLITE_PATH, ['-voice', DEFAULT_LOCAL_VOICE, '-t', phrase, '-o', spoken]);
  // The project's ffmpeg predates `apad=pad_dur`, so the trailing silence is counted in samples.
  const filters = [
    `aresample=${SAMPLE_RATE}`,
    `adelay=${LEADING_SILENCE_MS}`,
    `apad=pad_len=${SAMPLE_RATE * TRAILING_SILENCE_S}`,
  ];
  execFileSync(ffmpegPath(), [
    ...['-hide_banner', '-loglevel', 'error', '-y', '-i', spoken],
    ...['-af', filters.join(','), '-ac', '1', '-c:a', 'pcm_s16le', padded],
  ]);
  return padded;
}

/**
 * `test` whose browser has the fake microphone playing the spoken WAV once (`%noloop`: after it,
 * the capture is silent) and plays audio without a user gesture (automatic playback). The
 * microphone is a permission like any other: contexts that do not grant `microphone` are denied.
 */
export const speechTest = base.extend<object, { fakeMicrophoneWav: string }>({
  fakeMicrophoneWav: [
    // Playwright reads the fixtures a function needs from its first parameter: none here.
    // eslint-disable-next-line no-empty-pattern
    async ({}, use, workerInfo) => {
      await use(makeSpokenWav(SPOKEN_PHRASE, join(workerInfo.project.outputDir, `speech-${workerInfo.workerIndex}`)));
    },
    { scope: 'worker' },
  ],
  launchOptions: [
    async ({ launchOptions, fakeMicrophoneWav }, use) => {
      await use({
        ...launchOptions,
        args: [
          ...(launchOptions.args ?? []),
          '--use-fake-device-for-media-stream',
          `--use-file-for-fake-audio-capture=${fakeMicrophoneWav}%noloop`,
          '--autoplay-policy=no-user-gesture-required',
        ],
      });
    },
    { scope: 'worker' },
  ],
});
