import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { MEME_CLIP } from '@confab/shared';
import { readCapped } from '../../platform/read-capped.js';
import { findOwnedFile, type FileRow } from '../files/files.repo.js';
import { loadSharp } from '../files/images/load-sharp.js';
import { ClipProbeError, probeClip, type ProbedClip } from './meme-clip-probe.js';
import { parseMemeSourceRef } from './meme-source-ref.js';
import { MemeSourceError } from './meme-sources.js';
import { runFfmpeg } from './meme-video-ffmpeg.js';
import { findMemeTemplate } from './templates/meme-templates.js';
import type { MemesFeatureDeps } from './memes.feature.js';

/** What a clip may be: the videos browsers record and share, and GIFs (animated ones only). */
const CLIP_TYPES = new Set(['video/mp4', 'video/webm', 'video/quicktime', 'image/gif']);

export interface ClipLimits {
  maxInputSeconds: number;
  maxInputBytes: number;
}

/** A clip ready to render: on disk in the render's folder, probed, and cut to its scene's window. */
export interface SceneClip {
  file: string;
  trimStart: number;
  seconds: number;
  /** Its frame at `trimStart`, a PNG, for the poster. */
  frame: Buffer;
}

/**
 * The caller's clip that `imageUrlString` names (`file:<id>`, its path or its bare id), or
 * undefined when it names something else — a template, a still picture, someone else's file or
 * nothing — which the picture sources then resolve (and refuse) as before.
 */
export async function findClipRow(
  deps: Pick<MemesFeatureDeps, 'db' | 'storage'>,
  userId: string,
  imageUrlString: string,
): Promise<FileRow | undefined> {
  const ref = parseMemeSourceRef(imageUrlString);
  let fileId: string | undefined;
  if (ref?.kind === 'file' && (ref.ownerInPath === undefined || ref.ownerInPath === userId)) fileId = ref.fileId;
  else if (ref?.kind === 'bare' && !findMemeTemplate(ref.id)) fileId = ref.id;
  if (!fileId) return undefined;
  const row = await findOwnedFile(deps.db.kysely, userId, fileId);
  if (!row || !CLIP_TYPES.has(row.type)) return undefined;
  if (row.type !== 'image/gif' || row.bytes > MEME_CLIP.maxInputBytes) return row;
  const data = await readCapped(await deps.storage.get(row.storage_key), MEME_CLIP.maxInputBytes);
  return data && !(await isAnimatedGif(data)) ? undefined : row;
}

/** A GIF of one frame is a still picture, for the picture sources; several frames make a clip. */
async function isAnimatedGif(data: Buffer): Promise<boolean> {
  const sharp = await loadSharp();
  try {
    const { pages } = await sharp(data, { animated: true }).metadata();
    return (pages ?? 1) > 1;
  } catch {
    // Not a GIF sharp can read: the picture sources refuse it with their own words.
    return false;
  }
}

/**
 * Refuses a clip over the limits (MEME_CLIP): longer or larger than allowed is said with the
 * limit, never cut to fit. Pure, so the limits are tested without making huge files.
 */
export function clipLimitProblem(
  clip: { name: string; bytes: number; seconds?: number | undefined },
  limits: ClipLimits,
): string | undefined {
  if (clip.bytes > limits.maxInputBytes)
    return `The clip "${clip.name}" is ${mb(clip.bytes)} MB; a clip can be at most ${mb(limits.maxInputBytes)} MB. It was not used: ask the user for a smaller clip.`;
  if (clip.seconds !== undefined && clip.seconds > limits.maxInputSeconds)
    return `The clip "${clip.name}" lasts ${clip.seconds.toFixed(1)} seconds; a clip can be at most ${limits.maxInputSeconds} seconds long (a longer one is not cut). It was not used: ask the user for a shorter clip.`;
  return undefined;
}

const mb = (bytes: number) => Number((bytes / 1024 / 1024).toFixed(1));

/**
 * The part of the clip a scene plays: from `trimStart` (default 0) for `duration` (default the
 * rest of the clip). A start or an end past the clip's end is an error that says its length.
 */
export function clipWindow(
  probed: Pick<ProbedClip, 'seconds'>,
  scene: { trimStart?: number | undefined; duration?: number | undefined },
): { trimStart: number; seconds: number } | string {
  const length = probed.seconds;
  const trimStart = scene.trimStart ?? 0;
  if (trimStart >= length)
    return `trimStart ${trimStart} s is past the clip's end: it lasts ${length.toFixed(2)} seconds.`;
  const seconds = scene.duration ?? length - trimStart;
  // A few hundredths of slack: containers round their lengths.
  if (trimStart + seconds > length + 0.05)
    return `trimStart ${trimStart} s + duration ${seconds} s goes past the clip's end: it lasts ${length.toFixed(2)} seconds.`;
  return { trimStart, seconds: Math.max(0.5, Math.round(seconds * 100) / 100) };
}

/**
 * Loads one of the caller's clips into `dir` (the bytes checked against the limits before they
 * are read, the length once probed), cuts it to the scene's window and grabs the poster frame.
 * Every refusal is a MemeSourceError the model reads; nothing is stored.
 */
export async function loadSceneClip(
  deps: Pick<MemesFeatureDeps, 'storage'>,
  row: FileRow,
  scene: { trimStart?: number | undefined; duration?: number | undefined },
  options: { dir: string; name: string; signal: AbortSignal; limits: ClipLimits },
): Promise<SceneClip> {
  const name = row.filename;
  const tooLarge = clipLimitProblem({ name, bytes: row.bytes }, options.limits);
  if (tooLarge) throw new MemeSourceError(tooLarge);
  const data = await readCapped(await deps.storage.get(row.storage_key), options.limits.maxInputBytes);
  // The row's size was within the limit but the stored bytes are not: refused the same way.
  if (!data)
    throw new MemeSourceError(
      clipLimitProblem({ name, bytes: options.limits.maxInputBytes + 1 }, options.limits) ?? '',
    );
  const file = join(options.dir, options.name);
  await writeFile(file, data);

  let probed: ProbedClip;
  try {
    probed = await probeClip(file, options.signal);
  } catch (err) {
    if (err instanceof ClipProbeError) throw new MemeSourceError(`The clip "${name}" cannot be used: ${err.message}.`);
    throw err;
  }
  const tooLong = clipLimitProblem({ name, bytes: data.length, seconds: probed.seconds }, options.limits);
  if (tooLong) throw new MemeSourceError(tooLong);
  const window = clipWindow(probed, scene);
  if (typeof window === 'string') throw new MemeSourceError(`The clip "${name}": ${window}`);

  const frameFile = `${options.name}-frame.png`;
  await runFfmpeg(['-v', 'error', '-ss', window.trimStart.toFixed(3), '-i', file, '-frames:v', '1', '-y', frameFile], {
    signal: options.signal,
    cwd: options.dir,
    timeoutMs: 15_000,
  });
  return { file, ...window, frame: await readFile(join(options.dir, frameFile)) };
}
