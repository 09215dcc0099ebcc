import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { ffmpegPath } from '../src/features/memes/meme-video-ffmpeg.js';

const run = promisify(execFile);

/**
 * A black test clip (an H.264 mp4, or a GIF by its name) from ffmpeg's lavfi source: tiny and
 * fast, any length. `moving` draws ffmpeg's test pattern instead, whose frames all differ (an
 * upload keeps a GIF animated only when it has frames that differ: alike ones are merged).
 */
export async function makeClip(
  file: string,
  {
    seconds,
    fps = 10,
    size = '160x90',
    moving = false,
  }: { seconds: number; fps?: number; size?: string; moving?: boolean },
): Promise<void> {
  await run(ffmpegPath(), [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `${moving ? 'testsrc=' : 'color=c=black:'}s=${size}:r=${fps}:d=${seconds}`,
    ...(file.endsWith('.gif') ? [] : ['-c:v', 'libx264', '-pix_fmt', 'yuv420p']),
    '-y',
    file,
  ]);
}
