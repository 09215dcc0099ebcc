import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captionBoxSchema, MEME_CLIP } from '@confab/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeClip } from '../../../test/meme-clip-test-kit.js';
import { grayFrameAt, meanBrightness, probeVideo, samplePicture } from '../../../test/meme-video-test-kit.js';
import { clipLimitProblem, clipWindow } from './meme-clip-source.js';
import { probeClip } from './meme-clip-probe.js';
import { videoGeometry } from './meme-video-encode.js';
import { renderMemeVideo } from './meme-video-render.js';
import { captionTimes, posterCaptions } from './meme-video-timing.js';

const box = (input: Record<string, unknown>) =>
  captionBoxSchema.parse({ id: 'b', caption: 'TIMED CAPTION', x: 60, y: 100, w: 960, h: 300, ...input });

describe('animated memes: GIF, WebP and mp4, timed captions, clips', () => {
  let work: string;
  let tempRoot: string;
  let picture: Buffer;
  const signal = () => new AbortController().signal;
  const small = { width: 120, height: 214 };

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'confab-meme-clip-'));
    tempRoot = join(work, 'tmp');
    picture = await samplePicture();
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('makes a looping GIF of animated captions within the size and frame rate asked', async () => {
    const video = await renderMemeVideo(
      { scenes: [{ picture, boxes: [box({})], seconds: 2 }], language: 'en', format: 'gif', size: small, fps: 5 },
      { tempRoot, signal: signal() },
    );
    const file = join(work, 'a.gif');
    writeFileSync(file, video.data);
    expect(video.data.subarray(0, 6).toString('latin1')).toBe('GIF89a');
    expect(await probeVideo(file)).toMatchObject({ codec: 'gif', width: 120, height: 214, frames: 10, seconds: 2 });
    expect(readdirSync(tempRoot)).toEqual([]);
  });

  it('makes an animated WebP of the same, looping forever', async () => {
    const progress: number[] = [];
    const video = await renderMemeVideo(
      { scenes: [{ picture, boxes: [box({})], seconds: 2 }], language: 'en', format: 'webp', size: small, fps: 5 },
      { tempRoot, signal: signal(), onProgress: (fraction) => progress.push(fraction) },
    );
    expect(video.data.subarray(8, 12).toString('latin1')).toBe('WEBP');
    // The shipped ffprobe does not read animated WebP: sharp (libwebp) counts its frames.
    const meta = await sharp(video.data, { animated: true }).metadata();
    expect({ width: meta.width, height: meta.pageHeight, frames: meta.pages, loop: meta.loop }).toEqual({
      width: 120,
      height: 214,
      frames: 10,
      loop: 0,
    });
    expect((meta.delay ?? []).reduce((sum, ms) => sum + ms, 0)).toBe(2000);
    // ffmpeg reports at least once, at its end.
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((fraction) => fraction >= 0 && fraction <= 1)).toBe(true);
    expect(progress.at(-1)).toBeGreaterThan(0.5);
  });

  it('draws a timed caption on a clip only inside its window', async () => {
    const clip = join(work, 'black.mp4');
    await makeClip(clip, { seconds: 4 });
    const video = await renderMemeVideo(
      {
        scenes: [{ clip: { file: clip, trimStart: 0.5 }, boxes: [box({ start: 1, end: 2 })], seconds: 3 }],
        language: 'en',
        size: { width: 240, height: 428 },
        fps: 10,
      },
      { tempRoot, signal: signal() },
    );
    const file = join(work, 'timed.mp4');
    writeFileSync(file, video.data);
    expect(await probeVideo(file)).toMatchObject({ codec: 'h264', width: 240, height: 428, frames: 30, seconds: 3 });
    // The box in the 240-wide frame: the clip is black, so only the caption's letters are bright.
    const inBox = { x: 13, y: 22, w: 213, h: 67 };
    const brightnessAt = async (seconds: number) => meanBrightness(await grayFrameAt(file, seconds), inBox);
    expect(await brightnessAt(0.5)).toBeLessThan(2);
    expect(await brightnessAt(1.5)).toBeGreaterThan(10);
    expect(await brightnessAt(2.7)).toBeLessThan(2);
  });

  it("gives a clip's video a captioned poster, and puts the clip under the modern layout's bar", async () => {
    const clip = join(work, 'poster.mp4');
    await makeClip(clip, { seconds: 2 });
    const video = await renderMemeVideo(
      {
        scenes: [
          {
            clip: { file: clip, trimStart: 0 },
            boxes: [
              box({ y: 60, h: 240, start: 0.5, end: 1 }),
              box({ id: 'c', y: 1500, caption: 'LATER', start: 1.2 }),
            ],
            seconds: 2,
            layout: 'modern',
          },
        ],
        language: 'en',
        size: { width: 240, height: 428 },
        fps: 10,
      },
      { tempRoot, signal: signal() },
    );
    const file = join(work, 'poster-clip.mp4');
    writeFileSync(file, video.data);
    const frame = await grayFrameAt(file, 1.5);
    // The bar (360 of 1920 px: 80 of 428) is white; the black clip lies right under it.
    expect(meanBrightness(frame, { x: 0, y: 2, w: 240, h: 8 })).toBeGreaterThan(245);
    expect(meanBrightness(frame, { x: 0, y: 90, w: 240, h: 40 })).toBeLessThan(5);
    // The poster (360×640) shows the first captioned moment: the timed caption in the bar, black
    // on white, and not the one that comes later.
    const poster = { data: await sharp(video.poster.data).greyscale().raw().toBuffer(), width: video.poster.width };
    expect(meanBrightness(poster, { x: 0, y: 2, w: 360, h: 8 })).toBeGreaterThan(245);
    expect(meanBrightness(poster, { x: 20, y: 30, w: 320, h: 60 })).toBeLessThan(235);
    expect(meanBrightness(poster, { x: 20, y: 500, w: 320, h: 100 })).toBeLessThan(5);
  });

  it('probes a clip and cuts its window, refusing a start or an end past its end', async () => {
    const gif = join(work, 'loop.gif');
    await makeClip(gif, { seconds: 1.5, fps: 10 });
    expect(await probeClip(gif, signal())).toMatchObject({ width: 160, height: 90, seconds: 1.5 });
    expect(clipWindow({ seconds: 4 }, {})).toEqual({ trimStart: 0, seconds: 4 });
    expect(clipWindow({ seconds: 4 }, { trimStart: 1, duration: 2 })).toEqual({ trimStart: 1, seconds: 2 });
    expect(clipWindow({ seconds: 4 }, { trimStart: 5 })).toMatch(/past the clip's end: it lasts 4\.00 seconds/);
    expect(clipWindow({ seconds: 4 }, { trimStart: 3, duration: 2 })).toMatch(/goes past the clip's end/);
  });

  it('refuses a clip over the size or length limit, saying the limit', () => {
    const limits = { maxInputBytes: 1024 * 1024, maxInputSeconds: 10 };
    expect(clipLimitProblem({ name: 'big.mp4', bytes: 3 * 1024 * 1024 }, limits)).toMatch(
      /is 3 MB; a clip can be at most 1 MB/,
    );
    expect(clipLimitProblem({ name: 'long.mp4', bytes: 10, seconds: 12 }, limits)).toMatch(
      /lasts 12\.0 seconds; a clip can be at most 10 seconds long \(a longer one is not cut\)/,
    );
    expect(clipLimitProblem({ name: 'fine.mp4', bytes: 10, seconds: 10 }, limits)).toBeUndefined();
  });

  it('caps GIF and WebP below mp4, keeps the size even and 9:16, and times captions', () => {
    expect(videoGeometry('gif', 1080, 30)).toEqual({
      width: MEME_CLIP.animatedMaxWidth,
      height: 1280,
      fps: MEME_CLIP.animatedMaxFps,
    });
    expect(videoGeometry('mp4', 1080, 30)).toEqual({ width: 1080, height: 1920, fps: 30 });
    expect(videoGeometry('webp', 121)).toMatchObject({ width: 122, height: 216 });
    expect(captionTimes([{ start: 1, end: 2 }, {}, { start: 3 }], 5)).toEqual([
      { startsAt: 1, endsAt: 2 },
      { startsAt: 0.3 },
      { startsAt: 3 },
    ]);
    // A still shows the first moment with the most captions on screen: not timed ones drawn over each other.
    expect(posterCaptions([{ start: 0, end: 1 }, { start: 1 }, {}], 3)).toEqual([0, 2]);
    expect(posterCaptions([{}, {}], 5)).toEqual([0, 1]);
    expect(posterCaptions([], 5)).toEqual([]);
  });
});
