/**
 * Animated memes (issue 39): the server's renders besides mp4 pictures (meme-video.bench.ts).
 * - a 3 s animated GIF of a 1080-wide meme (the first gallery template, else a photo-like
 *   picture, with two timed captions), asked at 1080 wide and capped to MEME_CLIP's
 *   720 px, at the animated formats' default 12 fps, one palette for the whole GIF; the same as
 *   an animated WebP;
 * - a 5 s captioned clip: a 1280×720 30 fps H.264 clip (ffmpeg's test pattern, detail in every
 *   frame) probed, cut from 1 s for 5 s, scaled into the 720×1280 frame and captioned (two timed
 *   captions), encoded to H.264 at 25 fps.
 * Reports the median and slowest wall time, ffmpeg's CPU time (which, unlike wall time, does not
 * grow when the machine is busy) and the output's size. Targets: GIF ≤ 10 s, clip ≤ 5 s.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { MEME_IMAGE, type CaptionBox, type MemeVideoFormat } from '@confab/shared';
import { probeClip } from '../apps/server/src/features/memes/meme-clip-probe.js';
import { videoGeometry } from '../apps/server/src/features/memes/meme-video-encode.js';
import { ffmpegPath } from '../apps/server/src/features/memes/meme-video-ffmpeg.js';
import { renderMemeVideo, type VideoScene } from '../apps/server/src/features/memes/meme-video-render.js';
import { benchCaptions, benchPictures } from './lib/meme-pictures.js';
import { percentile, round } from './lib/stats.js';

const RUNS = Number(process.env.BENCH_MEME_ANIMATED_RUNS ?? 3);
/** Linux reports child CPU time in clock ticks; 100 a second on every common kernel. */
const CLOCK_TICKS = 100;
const TARGETS = { gif: 10, webp: 10, clip: 5 } as const;

/** The two captions, the first in the first half of the scene, the second to its end. */
function timedCaptions(seconds: number): CaptionBox[] {
  const [top, bottom] = benchCaptions('When the GIF renders', 'on the server');
  return [
    { ...(top as CaptionBox), start: 0.2, end: seconds / 2 },
    { ...(bottom as CaptionBox), start: seconds / 3 },
  ];
}

/** CPU seconds this process's finished children (ffmpeg) have used: /proc/self/stat cutime + cstime. */
function childCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}

async function timeRuns(label: string, target: number, render: () => Promise<{ data: Buffer }>) {
  // Warm-up: fonts registered, ffmpeg's binary in the page cache.
  await render();
  const times: number[] = [];
  const cpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const cpuBefore = childCpuSeconds();
    const t0 = performance.now();
    bytes = (await render()).data.length;
    times.push((performance.now() - t0) / 1000);
    cpu.push(childCpuSeconds() - cpuBefore);
  }
  const median = percentile(times, 50);
  return {
    case: `${label}, ${RUNS} runs`,
    'render median s': round(median, 2),
    'render max s': round(Math.max(...times), 2),
    'ffmpeg CPU median s': round(percentile(cpu, 50), 2),
    'output KB': round(bytes / 1024, 0),
    'load avg (1 min)': round(loadavg()[0] ?? 0, 1),
    target: `≤ ${target} s: ${median <= target ? 'met' : 'missed'}`,
  };
}

function animatedRow(picture: { label: string; data: Buffer }, format: MemeVideoFormat, tempRoot: string) {
  const seconds = 3;
  // Asked at the meme's full width: the format's cap decides.
  const { width, height, fps } = videoGeometry(format, MEME_IMAGE.width);
  const scenes: VideoScene[] = [{ picture: picture.data, boxes: timedCaptions(seconds), seconds }];
  return timeRuns(
    `${seconds} s ${format.toUpperCase()} of a ${MEME_IMAGE.width}-wide meme (${picture.label}) → ${width}×${height} at ${fps} fps`,
    TARGETS[format === 'webp' ? 'webp' : 'gif'],
    () =>
      renderMemeVideo(
        { scenes, language: 'en', format, size: { width, height }, fps },
        { tempRoot, signal: new AbortController().signal },
      ),
  );
}

async function clipRow(tempRoot: string, work: string) {
  const clip = join(work, 'clip.mp4');
  await promisify(execFile)(ffmpegPath(), [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    'testsrc2=size=1280x720:rate=30:duration=8',
    '-c:v',
    'libx264',
    '-preset',
    'veryfast',
    '-pix_fmt',
    'yuv420p',
    '-y',
    clip,
  ]);
  const seconds = 5;
  const { width, height, fps } = videoGeometry('mp4');
  return timeRuns(
    `${seconds} s captioned clip (1280×720 30 fps H.264, cut at 1 s) → mp4 ${width}×${height} at ${fps} fps, probe included`,
    TARGETS.clip,
    async () => {
      await probeClip(clip, new AbortController().signal);
      return renderMemeVideo(
        {
          scenes: [{ clip: { file: clip, trimStart: 1 }, boxes: timedCaptions(seconds), seconds }],
          language: 'en',
          size: { width, height },
          fps,
        },
        { tempRoot, signal: new AbortController().signal },
      );
    },
  );
}

export async function runMemeAnimatedBench(): Promise<{ rows: Record<string, unknown>[] }> {
  const work = mkdtempSync(join(tmpdir(), 'confab-bench-meme-animated-'));
  const tempRoot = join(work, 'tmp');
  try {
    const [picture] = await benchPictures();
    if (!picture) throw new Error('no picture to animate');
    return {
      rows: [
        await animatedRow(picture, 'gif', tempRoot),
        await animatedRow(picture, 'webp', tempRoot),
        await clipRow(tempRoot, work),
      ],
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
