import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { captionBoxSchema, MEME_VIDEO, type CaptionBoxInput } from '@confab/shared';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FfmpegError, runFfmpeg } from './meme-video-ffmpeg.js';
import { removeStaleVideoWork, renderMemeVideo } from './meme-video-render.js';
import {
  grayFrameAt,
  hasIndexFirst,
  meanBrightness,
  ownFfmpegProcesses,
  probeVideo,
  samplePicture,
} from '../../../test/meme-video-test-kit.js';
import { captionStartTimes } from './meme-video-timing.js';

const boxes = (...inputs: CaptionBoxInput[]) => inputs.map((box) => captionBoxSchema.parse(box));
const TOP = { id: 'top', caption: 'WHEN THE VIDEO RENDERS', x: 60, y: 100, w: 960, h: 250 };
const BOTTOM = { id: 'bottom', caption: 'IN UNDER THREE SECONDS', x: 60, y: 1550, w: 960, h: 250 };
/** The top box in the 720×1280 video (two thirds of the 1080×1920 meme). */
const TOP_IN_VIDEO = { x: 40, y: 67, w: 640, h: 167 };
const BOTTOM_IN_VIDEO = { x: 40, y: 1033, w: 640, h: 167 };

describe('meme video renderer', () => {
  let work: string;
  let tempRoot: string;
  let picture: Buffer;
  const newSignal = () => new AbortController().signal;
  const leftovers = () => readdirSync(tempRoot);

  beforeAll(async () => {
    work = mkdtempSync(join(tmpdir(), 'confab-meme-video-'));
    tempRoot = join(work, 'tmp', 'memes');
    picture = await samplePicture();
  });
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  async function saved(data: Buffer, name: string): Promise<string> {
    const file = join(work, name);
    writeFileSync(file, data);
    return file;
  }

  it('makes a 5 s H.264 yuv420p mp4 of 720×1280 at 25 fps, index first, with a poster, and removes its files', async () => {
    const video = await renderMemeVideo(
      { scenes: [{ picture, boxes: boxes(TOP, BOTTOM), seconds: 5 }], language: 'en' },
      { tempRoot, signal: newSignal() },
    );
    const probed = await probeVideo(await saved(video.data, 'one.mp4'));
    expect(probed).toEqual({
      codec: 'h264',
      pixelFormat: 'yuv420p',
      width: 720,
      height: 1280,
      frames: 125,
      seconds: 5,
    });
    expect([video.width, video.height, video.seconds]).toEqual([MEME_VIDEO.width, MEME_VIDEO.height, 5]);
    expect(hasIndexFirst(video.data)).toBe(true);
    expect(video.poster.data.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(leftovers()).toEqual([]);
  });

  it('shows the captions one after another, each to the end of its scene', async () => {
    const video = await renderMemeVideo(
      { scenes: [{ boxes: boxes(TOP, BOTTOM), seconds: 5 }], language: 'en' },
      { tempRoot, signal: newSignal() },
    );
    const file = await saved(video.data, 'timed.mp4');
    const [first, second] = captionStartTimes(2, 5) as [number, number];
    const brightness = async (seconds: number) => {
      const frame = await grayFrameAt(file, seconds);
      return { top: meanBrightness(frame, TOP_IN_VIDEO), bottom: meanBrightness(frame, BOTTOM_IN_VIDEO) };
    };
    // On black, a caption's white letters lift its box's mean brightness well above zero.
    const before = await brightness(0.1);
    const between = await brightness((first + second) / 2 + 0.3);
    const end = await brightness(4.9);
    expect(before.top).toBeLessThan(1);
    expect(before.bottom).toBeLessThan(1);
    expect(between.top).toBeGreaterThan(5);
    expect(between.bottom).toBeLessThan(1);
    expect(end.top).toBeGreaterThan(5);
    expect(end.bottom).toBeGreaterThan(5);
  });

  it('joins scenes into one video as long as they are together', async () => {
    const video = await renderMemeVideo(
      {
        scenes: [
          { picture, boxes: boxes(TOP), seconds: 3 },
          { boxes: boxes(BOTTOM), seconds: 2.4 },
        ],
        language: 'en',
      },
      { tempRoot, signal: newSignal() },
    );
    const probed = await probeVideo(await saved(video.data, 'two.mp4'));
    expect(probed.frames).toBe(5.4 * MEME_VIDEO.fps);
    expect(probed.seconds).toBeCloseTo(5.4, 1);
    expect(video.seconds).toBeCloseTo(5.4, 5);
    expect(leftovers()).toEqual([]);
  });

  it('draws captions in any script (the shared layout and its fonts)', async () => {
    const video = await renderMemeVideo(
      {
        scenes: [{ boxes: boxes({ ...TOP, caption: '月曜日の朝 صباح الاثنين' }), seconds: 1 }],
        language: 'ja',
        size: { width: 360, height: 640 },
      },
      { tempRoot, signal: newSignal() },
    );
    const file = await saved(video.data, 'small.mp4');
    expect(await probeVideo(file)).toMatchObject({ width: 360, height: 640, frames: 25 });
    const frame = await grayFrameAt(file, 0.9);
    expect(meanBrightness(frame, { x: 20, y: 33, w: 320, h: 83 })).toBeGreaterThan(5);
  });

  it("draws the modern layout's white bar above the picture, and stickers, as the still meme does", async () => {
    // At 360×640 (a third of the meme): the bar of 360 px is 120, the heart's box at 130,500 100×100.
    const heart = { id: 'heart', caption: '', sticker: 'heart', x: 390, y: 1500, w: 300, h: 300 };
    const video = await renderMemeVideo(
      {
        scenes: [{ picture, boxes: boxes({ ...TOP, y: 60, h: 240 }, heart), seconds: 1, layout: 'modern' }],
        language: 'en',
        size: { width: 360, height: 640 },
      },
      { tempRoot, signal: newSignal() },
    );
    const frame = await grayFrameAt(await saved(video.data, 'modern.mp4'), 0.9);
    const barTop = { x: 0, y: 2, w: 360, h: 10 };
    expect(meanBrightness(frame, barTop)).toBeGreaterThan(245);
    // The picture starts right under the bar (centred, as the classic layout has it, it would start at 210).
    expect(meanBrightness(frame, { x: 20, y: 130, w: 320, h: 20 })).toBeGreaterThan(40);
    // Below the picture is black but for the sticker.
    expect(meanBrightness(frame, { x: 130, y: 500, w: 100, h: 100 })).toBeGreaterThan(10);
    expect(meanBrightness(frame, { x: 20, y: 440, w: 60, h: 60 })).toBeLessThan(5);
    // The poster is drawn the same way.
    const poster = await sharp(video.poster.data).greyscale().raw().toBuffer();
    expect(meanBrightness({ data: poster, width: video.poster.width }, barTop)).toBeGreaterThan(245);
  });

  it('kills ffmpeg when stopped, and leaves no files behind', async () => {
    const controller = new AbortController();
    const scenes = Array.from({ length: MEME_VIDEO.maxScenes }, () => ({
      picture,
      boxes: boxes(TOP, BOTTOM),
      seconds: 5,
    }));
    const rendering = renderMemeVideo({ scenes, language: 'en' }, { tempRoot, signal: controller.signal });
    const outcome = rendering.then(
      () => 'finished',
      (err: unknown) => err,
    );
    // Stop it once ffmpeg is running.
    const started = Date.now();
    while (ownFfmpegProcesses().length === 0 && Date.now() - started < 10_000)
      await new Promise((r) => setTimeout(r, 20));
    expect(ownFfmpegProcesses()).toHaveLength(1);
    controller.abort();

    const err = await outcome;
    expect(err).toBeInstanceOf(Error);
    expect((err as Error).name).toBe('AbortError');
    expect(ownFfmpegProcesses()).toEqual([]);
    expect(leftovers()).toEqual([]);
  });

  it('stops a render that takes too long, with a clear error', async () => {
    const rendering = renderMemeVideo(
      { scenes: [{ picture, boxes: boxes(TOP), seconds: 30 }], language: 'en' },
      { tempRoot, signal: newSignal(), timeoutMs: 200 },
    );
    await expect(rendering).rejects.toThrow(/ffmpeg took longer than 0.2 s/);
    expect(ownFfmpegProcesses()).toEqual([]);
    expect(leftovers()).toEqual([]);
  });

  it('refuses sizes it cannot make', async () => {
    const scenes = [{ boxes: [], seconds: 1 }];
    await expect(
      renderMemeVideo(
        { scenes, language: 'en', size: { width: 1440, height: 2560 } },
        { tempRoot, signal: newSignal() },
      ),
    ).rejects.toThrow(/at most 1080×1920/);
    await expect(
      renderMemeVideo({ scenes, language: 'en', size: { width: 720, height: 720 } }, { tempRoot, signal: newSignal() }),
    ).rejects.toThrow(/9:16/);
  });
});

describe('runFfmpeg', () => {
  it('rejects with the end of what ffmpeg said', async () => {
    const cwd = mkdtempSync(join(tmpdir(), 'confab-ffmpeg-'));
    try {
      const failed = runFfmpeg(['-v', 'error', '-i', 'missing.png', 'out.mp4'], {
        cwd,
        signal: new AbortController().signal,
        timeoutMs: 10_000,
      });
      await expect(failed).rejects.toBeInstanceOf(FfmpegError);
      await expect(failed).rejects.toThrow(/exit code 1\): missing\.png: No such file or directory/);
    } finally {
      rmSync(cwd, { recursive: true, force: true });
    }
  });
});

describe('captionStartTimes', () => {
  it('staggers captions from 0.3 s, leaving the last 1.5 s to read', () => {
    expect(captionStartTimes(1, 5)).toEqual([0.3]);
    expect(captionStartTimes(2, 5)).toEqual([0.3, 1.9]);
    expect(captionStartTimes(3, 5)).toEqual([0.3, 1.37, 2.43]);
    expect(captionStartTimes(0, 5)).toEqual([]);
  });

  it('shows every caption at once in a scene too short to stagger', () => {
    expect(captionStartTimes(3, 1)).toEqual([0.3, 0.3, 0.3]);
  });
});

describe('removeStaleVideoWork', () => {
  it('removes render folders older than an hour and keeps fresh ones and anything else', async () => {
    const root = mkdtempSync(join(tmpdir(), 'confab-meme-video-stale-'));
    try {
      for (const name of ['video-old', 'video-fresh', 'upload-old']) mkdirSync(join(root, name));
      writeFileSync(join(root, 'video-old', 'scene-0.jpg'), 'x');
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60 * 1000);
      for (const name of ['video-old', 'upload-old']) utimesSync(join(root, name), twoHoursAgo, twoHoursAgo);
      await removeStaleVideoWork(root);
      expect(readdirSync(root).sort()).toEqual(['upload-old', 'video-fresh']);
      await removeStaleVideoWork(join(root, 'missing'));
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
