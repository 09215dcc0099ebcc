import { randomUUID } from 'node:crypto';
import { mkdir, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  MEME_IMAGE,
  MEME_VIDEO,
  memeBarHeight,
  type CaptionBox,
  type MemeLayoutSpec,
  type MemeVideoFormat,
} from '@confab/shared';
import { renderCaptionOverlay } from './meme-video-captions.js';
import { encodeArgs } from './meme-video-encode.js';
import { runFfmpeg } from './meme-video-ffmpeg.js';
import { buildFilterGraph, frameCount, type GraphScene } from './meme-video-graph.js';
import { captionTimes, posterCaptions } from './meme-video-timing.js';
import { decodeMemeSource, renderDecoded, renderMemeImage } from './render-meme.js';

/**
 * One scene: a picture (none: black) or a clip the user brought, with its captions, shown for
 * `seconds`. A clip is a file on disk, played from `trimStart`; `picture` is then its frame at
 * that point, for the poster. `layout` modern puts a white caption bar above the picture or clip,
 * as in the still meme.
 */
export interface VideoScene extends MemeLayoutSpec {
  picture?: Buffer | undefined;
  clip?: { file: string; trimStart: number } | undefined;
  boxes: readonly CaptionBox[];
  seconds: number;
}

export interface MemeVideoRequest {
  scenes: readonly VideoScene[];
  language: string;
  /** The encoded size, at most 1080×1920 and in its 9:16 proportion (the caption boxes scale with it). */
  size?: { width: number; height: number } | undefined;
  fps?: number | undefined;
  /** mp4 (the default), an animated GIF or an animated WebP. */
  format?: MemeVideoFormat | undefined;
}

export interface MemeVideoRun {
  /** A folder for the render's temporary files (DATA_DIR/tmp/memes); each render works in its own sub-folder, removed afterwards. */
  tempRoot: string;
  signal: AbortSignal;
  /** Longest the encode may take; by default a generous multiple of the video's length. */
  timeoutMs?: number | undefined;
  /** The share of the encode done (0 to 1), reported a few times a second while ffmpeg runs. */
  onProgress?: ((fraction: number) => void) | undefined;
}

export interface RenderedMemeVideo {
  /** An H.264 (yuv420p) mp4 with its index at the front, so it plays while it downloads; or a looping GIF or WebP. */
  data: Buffer;
  format: MemeVideoFormat;
  width: number;
  height: number;
  seconds: number;
  /** The first scene as a still (picture and captions), a JPEG for the file's thumbnail. */
  poster: { data: Buffer; width: number; height: number };
}

const WORK_PREFIX = 'video-';

const POSTER = { width: 360, height: 640 } as const;
/** Renders at once on this server: ffmpeg uses every core, so more would only make each slower. */
const MAX_PARALLEL_RENDERS = 2;

/**
 * Turns captioned pictures into a short H.264 mp4 with the project's ffmpeg: a slow pan and zoom
 * per scene, its captions (the still meme's layout, meme-layout.ts) appearing one after another,
 * scenes joined through black. The work happens in a temporary folder that is always removed;
 * an abort or the timeout kills ffmpeg.
 */
export async function renderMemeVideo(request: MemeVideoRequest, run: MemeVideoRun): Promise<RenderedMemeVideo> {
  const size = request.size ?? { width: MEME_VIDEO.width, height: MEME_VIDEO.height };
  const fps = request.fps ?? MEME_VIDEO.fps;
  const format = request.format ?? 'mp4';
  assertVideoSize(size);
  if (request.scenes.length === 0) throw new Error('a video needs at least one scene');

  const release = await renderSlots.acquire(run.signal);
  const dir = join(run.tempRoot, `${WORK_PREFIX}${randomUUID()}`);
  try {
    await mkdir(dir, { recursive: true });
    const { inputs, scenes } = await writeSceneInputs(request, size, dir);
    run.signal.throwIfAborted();
    const seconds = scenes.reduce((sum, scene) => sum + frameCount(scene.seconds, fps) / fps, 0);
    const output = join(dir, `video.${format}`);
    // Drawn while ffmpeg encodes: the canvas works on other threads.
    const poster = renderPoster(request);
    poster.catch(() => undefined);
    const encode = encodeArgs(format, fps);
    const { onProgress } = run;
    await runFfmpeg(
      [
        '-v',
        'error',
        ...inputs.flat(),
        '-filter_complex',
        buildFilterGraph(scenes, { ...size, fps }) + encode.graphTail,
        ...encode.args,
        '-y',
        output,
      ],
      {
        signal: run.signal,
        cwd: dir,
        timeoutMs: run.timeoutMs ?? defaultTimeoutMs(seconds, format),
        onProgress: onProgress && ((done) => onProgress(Math.min(1, Math.max(0, done / seconds)))),
      },
    );
    return { data: await readFile(output), format, ...size, seconds, poster: await poster };
  } finally {
    await rm(dir, { recursive: true, force: true });
    release();
  }
}

/**
 * Removes the folders of renders a process that died mid-render left behind. Only old ones:
 * another instance sharing the data folder may be rendering in a fresh one right now.
 */
export async function removeStaleVideoWork(tempRoot: string, olderThanMs = 60 * 60 * 1000): Promise<void> {
  const names = await readdir(tempRoot).catch(() => []);
  for (const name of names) {
    if (!name.startsWith(WORK_PREFIX)) continue;
    const path = join(tempRoot, name);
    const info = await stat(path).catch(() => undefined);
    if (info && Date.now() - info.mtimeMs > olderThanMs) await rm(path, { recursive: true, force: true });
  }
}

/** Writes each scene's picture (contained on black) and caption strips; answers ffmpeg's inputs in order. */
async function writeSceneInputs(
  request: MemeVideoRequest,
  size: { width: number; height: number },
  dir: string,
): Promise<{ inputs: string[][]; scenes: GraphScene[] }> {
  // Drawn all at once: the canvas and sharp encode on their own threads.
  const drawn = await Promise.all(
    request.scenes.map(async (scene, i) => {
      const layout = sceneLayout(scene);
      const [picture, ...overlays] = await Promise.all([
        // Full 1080×1920 under the zoom: zoompan crops whole pixels, and a larger source makes its steps finer.
        scene.clip
          ? undefined
          : renderMemeImage({
              source: scene.picture,
              boxes: [],
              language: request.language,
              format: 'jpeg',
              quality: 92,
              size: MEME_IMAGE,
              ...layout,
            }),
        ...scene.boxes.map((box) => renderCaptionOverlay(box, request.language, size, layout)),
      ]);
      // Blank boxes draw nothing: each overlay keeps its box, for its times.
      const captions = overlays.flatMap((overlay, k) => (overlay ? [{ ...overlay, box: scene.boxes[k] }] : []));
      await Promise.all([
        picture ? writeFile(join(dir, `scene-${i}.jpg`), picture.data) : undefined,
        ...captions.map((overlay, k) => writeFile(join(dir, `scene-${i}-caption-${k}.png`), overlay.png)),
      ]);
      return { scene, captions, barHeight: layout.barHeight };
    }),
  );

  const inputs: string[][] = [];
  const scenes = drawn.map(({ scene, captions, barHeight }, i): GraphScene => {
    // A clip is cut at its input (a fast seek), a little past the scene so the cut is never short.
    const pictureInput =
      inputs.push(
        scene.clip
          ? ['-ss', scene.clip.trimStart.toFixed(3), '-t', (scene.seconds + 0.5).toFixed(3), '-i', scene.clip.file]
          : ['-i', `scene-${i}.jpg`],
      ) - 1;
    const times = captionTimes(
      captions.map((overlay) => overlay.box),
      scene.seconds,
    );
    return {
      seconds: scene.seconds,
      pictureInput,
      isClip: scene.clip !== undefined,
      // In the video's pixels, as the captions are drawn (scaled from the 1080-wide meme).
      barHeight: barHeight ? Math.round((barHeight * size.width) / MEME_IMAGE.width) : undefined,
      captions: captions.map((overlay, k) => ({
        input: inputs.push(['-i', `scene-${i}-caption-${k}.png`]) - 1,
        x: overlay.x,
        y: overlay.y,
        ...times[k],
        startsAt: times[k]?.startsAt ?? 0,
      })),
    };
  });
  return { inputs, scenes };
}

/** A scene's layout with its bar's height settled from all its boxes (0 in the classic layout). */
function sceneLayout(scene: VideoScene): MemeLayoutSpec {
  return { layout: scene.layout, barHeight: memeBarHeight(scene, scene.boxes) };
}

/** Boxes that draw something: blank ones are left out of the video, and of its timings. */
const drawnBoxes = (scene: VideoScene) => scene.boxes.filter((box) => box.caption.trim() || box.sticker);

/**
 * The poster: the video's first captioned moment as a still, the first scene with captions (its
 * picture, or its clip's frame) with the captions on screen together then (posterCaptions).
 */
async function renderPoster(request: MemeVideoRequest): Promise<RenderedMemeVideo['poster']> {
  const scene = request.scenes.find((candidate) => drawnBoxes(candidate).length > 0) ?? request.scenes[0];
  const drawn = scene ? drawnBoxes(scene) : [];
  const boxes = scene ? posterCaptions(drawn, scene.seconds).flatMap((k) => drawn[k] ?? []) : [];
  const image = scene?.picture ? await decodeMemeSource(scene.picture) : undefined;
  const { data } = await renderDecoded({
    image,
    boxes,
    // The bar's height from all the scene's boxes, as the video has it.
    ...(scene ? sceneLayout(scene) : {}),
    language: request.language,
    format: 'jpeg',
    quality: 80,
    size: POSTER,
  });
  return { data, ...POSTER };
}

function assertVideoSize({ width, height }: { width: number; height: number }): void {
  const fits = width <= MEME_IMAGE.width && height <= MEME_IMAGE.height && width % 2 === 0 && height % 2 === 0;
  if (!fits || Math.abs(width / height - MEME_IMAGE.width / MEME_IMAGE.height) > 0.01)
    throw new Error(`a meme video is 9:16, even-sized and at most 1080×1920, not ${width}×${height}`);
}

/**
 * Ten seconds to start, then a second and a half per second of video (five for GIF and WebP,
 * whose encoders are slower): far beyond a healthy render, short of a stuck one.
 */
const defaultTimeoutMs = (seconds: number, format: MemeVideoFormat) =>
  Math.round(10_000 + seconds * (format === 'mp4' ? 1_500 : 5_000));

/** A counting semaphore whose waiters give up when their signal aborts. */
class Slots {
  private free: number;
  private readonly waiting: (() => void)[] = [];
  constructor(count: number) {
    this.free = count;
  }

  acquire(signal: AbortSignal): Promise<() => void> {
    signal.throwIfAborted();
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      if (next) next();
      else this.free += 1;
    };
    if (this.free > 0) {
      this.free -= 1;
      return Promise.resolve(release);
    }
    return new Promise((resolve, reject) => {
      const grant = () => {
        signal.removeEventListener('abort', onAbort);
        resolve(release);
      };
      const onAbort = () => {
        this.waiting.splice(this.waiting.indexOf(grant), 1);
        reject(signal.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      this.waiting.push(grant);
      signal.addEventListener('abort', onAbort, { once: true });
    });
  }
}

const renderSlots = new Slots(MAX_PARALLEL_RENDERS);
