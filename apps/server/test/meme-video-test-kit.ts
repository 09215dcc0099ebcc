import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import ffprobe from '@ffprobe-installer/ffprobe';
import sharp from 'sharp';
import { ffmpegPath } from '../src/features/memes/meme-video-ffmpeg.js';

const run = promisify(execFile);

/** What ffprobe says of an mp4's video stream. */
export interface ProbedVideo {
  codec: string;
  pixelFormat: string;
  width: number;
  height: number;
  frames: number;
  seconds: number;
}

/** Probes an mp4 with the ffprobe the project ships (tests only). */
export async function probeVideo(file: string): Promise<ProbedVideo> {
  const { stdout } = await run(ffprobe.path, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=codec_name,pix_fmt,width,height,nb_frames:format=duration',
    '-of',
    'json',
    file,
  ]);
  const probed = JSON.parse(stdout) as {
    streams: { codec_name: string; pix_fmt: string; width: number; height: number; nb_frames: string }[];
    format: { duration: string };
  };
  const [stream] = probed.streams;
  if (!stream) throw new Error(`${file} has no video stream`);
  return {
    codec: stream.codec_name,
    pixelFormat: stream.pix_fmt,
    width: stream.width,
    height: stream.height,
    frames: Number(stream.nb_frames),
    seconds: Number(probed.format.duration),
  };
}

/** The brightness (0–255) of one frame at `seconds`, as a width×height grey image. */
export async function grayFrameAt(file: string, seconds: number): Promise<{ data: Buffer; width: number }> {
  const { width } = await probeVideo(file);
  const { stdout } = await run(
    ffmpegPath(),
    ['-v', 'error', '-ss', String(seconds), '-i', file, '-frames:v', '1', '-f', 'rawvideo', '-pix_fmt', 'gray', '-'],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  );
  return { data: stdout, width };
}

/** The mean brightness of a rectangle of a grey frame. */
export function meanBrightness(
  frame: { data: Buffer; width: number },
  rect: { x: number; y: number; w: number; h: number },
): number {
  let sum = 0;
  for (let y = rect.y; y < rect.y + rect.h; y++)
    for (let x = rect.x; x < rect.x + rect.w; x++) sum += frame.data[y * frame.width + x] ?? 0;
  return sum / (rect.w * rect.h);
}

/** A landscape test picture: a blue field with an orange disc. */
export function samplePicture(format: 'png' | 'jpeg' = 'jpeg'): Promise<Buffer> {
  const svg = '<svg width="1600" height="1200"><circle cx="800" cy="600" r="400" fill="orange"/></svg>';
  return sharp({ create: { width: 1600, height: 1200, channels: 3, background: { r: 40, g: 120, b: 200 } } })
    .composite([{ input: Buffer.from(svg) }])
    .toFormat(format)
    .toBuffer();
}

/** The ffmpeg processes this test process started and that are still alive. */
export function ownFfmpegProcesses(): number[] {
  const found: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      // `pid (comm) state ppid ...`: comm may hold spaces, so read after its closing parenthesis.
      const comm = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const parent = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (comm === 'ffmpeg' && parent === process.pid) found.push(Number(name));
    } catch {
      // the process ended while we looked
    }
  }
  return found;
}

/** Whether an mp4's index (moov) comes before its media (mdat): +faststart. */
export function hasIndexFirst(mp4: Buffer): boolean {
  const moov = mp4.indexOf('moov');
  const mdat = mp4.indexOf('mdat');
  return moov >= 0 && mdat >= 0 && moov < mdat;
}
