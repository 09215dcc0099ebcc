/**
 * Memes (issue 21): the server's render of a 5 s meme video (`renderMemeVideo`, what
 * create_meme_video does besides resolving the picture and storing the mp4): one scene, a
 * 1600×1200 photo-like picture (and the first gallery template, when there is one) with two timed
 * captions, encoded by the shipped ffmpeg to H.264 720×1280 at 25 fps. Reports the median and
 * slowest wall time, and the CPU time ffmpeg used (which, unlike wall time, does not grow when
 * the machine is busy with other work). Target: ≤ 3 s.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { MEME_VIDEO } from '@confab/shared';
import { renderMemeVideo } from '../apps/server/src/features/memes/meme-video-render.js';
import { benchCaptions, benchPictures } from './lib/meme-pictures.js';
import { percentile, round } from './lib/stats.js';

const RUNS = Number(process.env.BENCH_MEME_VIDEO_RUNS ?? 5);
const SECONDS = 5;
const TARGET_S = 3;
/** Linux reports child CPU time in clock ticks; 100 a second on every common kernel. */
const CLOCK_TICKS = 100;

const BOXES = benchCaptions('When the video renders', 'in under three seconds');

/** CPU seconds this process's finished children (ffmpeg) have used: /proc/self/stat cutime + cstime. */
function childCpuSeconds(): number {
  const stat = readFileSync('/proc/self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // Fields 16 and 17 of stat(5), counted from the state (field 3).
  return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
}

async function benchRender(
  source: { label: string; data: Buffer },
  tempRoot: string,
): Promise<Record<string, unknown>> {
  const render = () =>
    renderMemeVideo(
      { scenes: [{ picture: source.data, boxes: BOXES, seconds: SECONDS }], language: 'en' },
      { tempRoot, signal: new AbortController().signal },
    );
  // Warm-up: fonts registered, ffmpeg's binary in the page cache.
  await render();
  const times: number[] = [];
  const ffmpegCpu: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const cpuBefore = childCpuSeconds();
    const t0 = performance.now();
    const video = await render();
    times.push((performance.now() - t0) / 1000);
    ffmpegCpu.push(childCpuSeconds() - cpuBefore);
    bytes = video.data.length;
  }
  const median = percentile(times, 50);
  return {
    case: `meme video ${SECONDS} s, 1 scene on ${source.label}, 2 captions, ${MEME_VIDEO.width}×${MEME_VIDEO.height}, ${RUNS} runs`,
    'render median s': round(median, 2),
    'render max s': round(Math.max(...times), 2),
    'ffmpeg CPU median s': round(percentile(ffmpegCpu, 50), 2),
    'mp4 KB': round(bytes / 1024, 0),
    'load avg (1 min)': round(loadavg()[0] ?? 0, 1),
    [`target ≤ ${TARGET_S} s`]: median <= TARGET_S ? 'met' : 'missed',
  };
}

export async function runMemeVideoBench(): Promise<{ rows: Record<string, unknown>[] }> {
  const tempRoot = mkdtempSync(join(tmpdir(), 'confab-bench-meme-video-'));
  try {
    const rows: Record<string, unknown>[] = [];
    for (const source of await benchPictures()) rows.push(await benchRender(source, tempRoot));
    return { rows };
  } finally {
    rmSync(tempRoot, { recursive: true, force: true });
  }
}
