import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import {
  MEME_CLIP,
  MEME_IMAGE,
  MEME_PATHS,
  MEME_TOOLS,
  MEME_VIDEO,
  MEME_VIDEO_ALT_PREFIX,
  memeAltText,
  memeVideoArgsSchema,
  memeVideoFileName,
  picturePartOf,
  type MemeVideoArgs,
  type MemeVideoOutput,
} from '@confab/shared';
import type { z } from 'zod';
import { storeGeneratedFile } from '../files/store-generated.js';
import type { ToolContext, ToolDefinition, ToolOutput } from '../tools/tool-types.js';
import { toolError, toolInputSchemaOf } from '../tools/tool-output.js';
import { findClipRow, loadSceneClip } from './meme-clip-source.js';
import { originsOf, parseMemeSourceRef } from './meme-source-ref.js';
import { MemeSourceError } from './meme-sources.js';
import { VIDEO_FORMAT_TYPES, videoGeometry } from './meme-video-encode.js';
import { renderMemeVideo, type VideoScene } from './meme-video-render.js';
import type { MemesFeatureDeps } from './memes.feature.js';
import { findMemeTemplate } from './templates/meme-templates.js';

const { width: W, height: H } = MEME_IMAGE;

/** Where renders work: a folder of their own under the data folder's temporary space. */
export const memeVideoTempRoot = (deps: Pick<MemesFeatureDeps, 'env'>): string =>
  join(deps.env.DATA_DIR, 'tmp', 'memes');

const DESCRIPTION = [
  `Makes a short vertical animated meme from one or more scenes: an H.264 mp4 (format "mp4", the default), an animated GIF ("gif") or an animated WebP ("webp"). Each scene is a captioned picture, the same as ${MEME_TOOLS.image} takes: it slowly pans and zooms while its captions appear one after another, in the order given; scenes follow each other through a short fade.`,
  `imageUrlString takes the same forms as in ${MEME_TOOLS.image}: a gallery template (template:<id>), a picture the user attached in this conversation (file:<file_id> or its /images/... path), a picture ${MEME_TOOLS.generateImage} made (its path), or an https URL the user gave.`,
  `It may also be a video or animated GIF the user attached (file:<file_id>): the captions are drawn on the clip, played from trimStart (seconds, default 0) for duration seconds (default: the rest of the clip); a clip may be at most ${MEME_CLIP.maxInputSeconds} seconds long and ${MEME_CLIP.maxInputBytes / 1024 / 1024} MB.`,
  `captionsBoxes are in the pixels of the ${W}×${H} portrait frame (x, y the top-left corner), exactly as for ${MEME_TOOLS.image}; to animate a meme you just made, reuse its picture and boxes. The text shrinks to fit its box. A box with start and/or end (seconds from its scene's start) shows only in that window, to time captions to the clip.`,
  `At most ${MEME_VIDEO.maxScenes} scenes and ${MEME_VIDEO.maxSeconds} seconds in all; a picture scene lasts ${MEME_VIDEO.defaultSceneSeconds} seconds unless \`seconds\` says otherwise. width (px, the height follows 9:16) and fps are optional: GIF and WebP are capped at ${MEME_CLIP.animatedMaxWidth} px and ${MEME_CLIP.animatedMaxFps} fps. language is the captions' BCP 47 tag (it chooses the font).`,
  'The chat shows the video from the returned URL: do not repeat the URL to the user.',
].join(' ');

/** What the model reads when its arguments do not parse: each problem with where it is. */
function describeArgsError(error: z.ZodError): string {
  const problems = error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`);
  return `${MEME_TOOLS.video} needs {language, scenes: [{imageUrlString, captionsBoxes, seconds}]}. ${problems.join('; ')}.`;
}

/** A timed caption whose window is empty (its end not after its start): said to the model with where it is. */
function captionTimeProblem(args: MemeVideoArgs): string | undefined {
  for (const [i, scene] of args.scenes.entries())
    for (const [k, box] of scene.captionsBoxes.entries())
      if (box.start !== undefined && box.end !== undefined && box.end <= box.start)
        return `scenes.${i}.captionsBoxes.${k}: end (${box.end}) must be after start (${box.start}).`;
  return undefined;
}

/**
 * What a scene's picture shows, for the alt text: the model's description, else, for a gallery
 * template, the picture part of the template's own (as the image tool does).
 */
function sceneDescription(scene: MemeVideoArgs['scenes'][number], ownOrigins: readonly string[]): string | undefined {
  if (scene.description) return scene.description;
  const ref = parseMemeSourceRef(scene.imageUrlString, ownOrigins);
  const template = ref?.kind === 'template' || ref?.kind === 'bare' ? findMemeTemplate(ref.id) : undefined;
  return template ? picturePartOf(template.description) : undefined;
}

const tooLongError = (seconds: number) =>
  toolError(
    `The scenes last ${Number(seconds.toFixed(2))} seconds together; a video is at most ${MEME_VIDEO.maxSeconds}. Shorten or drop scenes.`,
  );

/**
 * `create_meme_video` (issue 21): resolves each scene's picture through the meme sources (or,
 * issue 39, loads the user's own clip), renders the video locally with ffmpeg as an mp4, a GIF or
 * a WebP, reporting its progress, keeps it as one of the user's files (linked to this reply) and
 * answers SPEC 3's video tool output, an array of text items holding the video's URL.
 */
export function createMemeVideoTool(deps: MemesFeatureDeps): ToolDefinition {
  const tempRoot = memeVideoTempRoot(deps);
  const ownOrigins = originsOf([deps.env.DOMAIN_SERVER, deps.env.DOMAIN_CLIENT]);

  async function run(context: ToolContext, rawArgs: unknown): Promise<ToolOutput> {
    const parsed = memeVideoArgsSchema.safeParse(rawArgs);
    if (!parsed.success) return toolError(describeArgsError(parsed.error));
    const args = parsed.data;
    const timeProblem = captionTimeProblem(args);
    if (timeProblem) return toolError(timeProblem);
    const clipRows = await Promise.all(
      args.scenes.map((scene) => findClipRow(deps, context.userId, scene.imageUrlString)),
    );
    // Before anything is fetched or stored: a clip without a duration is counted once probed.
    const known = args.scenes.reduce((sum, scene, i) => sum + (clipRows[i] ? (scene.duration ?? 0) : scene.seconds), 0);
    if (known > MEME_VIDEO.maxSeconds) return tooLongError(known);

    // The clips' own folder (named as render folders are, so a crashed run's is swept the same way).
    const clipDir = join(tempRoot, `video-clips-${randomUUID()}`);
    try {
      let scenes: VideoScene[];
      try {
        scenes = await resolveScenes(context, args, clipRows, clipDir);
      } catch (err) {
        if (err instanceof MemeSourceError) return toolError(err.message);
        throw err;
      }
      const seconds = scenes.reduce((sum, scene) => sum + scene.seconds, 0);
      if (seconds > MEME_VIDEO.maxSeconds) return tooLongError(seconds);
      return await renderAndStore(context, args, scenes);
    } finally {
      await rm(clipDir, { recursive: true, force: true });
    }
  }

  async function renderAndStore(context: ToolContext, args: MemeVideoArgs, scenes: VideoScene[]): Promise<ToolOutput> {
    const format = args.format ?? 'mp4';
    const { width, height, fps } = videoGeometry(format, args.width, args.fps);
    let video;
    try {
      video = await renderMemeVideo(
        { scenes, language: args.language, format, size: { width, height }, fps },
        { tempRoot, signal: context.signal, onProgress: context.reportProgress },
      );
    } catch (err) {
      if (context.signal.aborted) throw err;
      context.log.error({ err }, 'the meme video could not be rendered');
      return toolError('The video could not be rendered. Try again, or with other pictures.');
    }

    const { record } = await storeGeneratedFile(deps.db, deps.storage, {
      userId: context.userId,
      data: video.data,
      type: VIDEO_FORMAT_TYPES[format],
      filename: memeVideoFileName().replace(/\.mp4$/, `.${format}`),
      width: video.width,
      height: video.height,
      thumbnail: { data: video.poster.data, type: 'image/jpeg' },
      conversationId: context.conversationId,
      messageId: context.messageId,
    });
    // Issue 39: its alt text follows the URL, for the chat, the share dialog and the public page.
    const altText = memeAltText(
      args.scenes.map((scene) => ({
        description: sceneDescription(scene, ownOrigins),
        captionsBoxes: scene.captionsBoxes,
      })),
    );
    const output: MemeVideoOutput = [
      { type: 'text', text: MEME_PATHS.video(record.file_id, format) },
      { type: 'text', text: `${MEME_VIDEO_ALT_PREFIX}${altText}` },
    ];
    return { parts: [{ type: 'text', text: JSON.stringify(output) }] };
  }

  /** Each scene's picture or clip, in parallel; the first that cannot be used names its scene. */
  async function resolveScenes(
    context: ToolContext,
    args: MemeVideoArgs,
    clipRows: Awaited<ReturnType<typeof findClipRow>>[],
    clipDir: string,
  ): Promise<VideoScene[]> {
    const where = { userId: context.userId, conversationId: context.conversationId, signal: context.signal };
    if (clipRows.some(Boolean)) await mkdir(clipDir, { recursive: true });
    return Promise.all(
      args.scenes.map(async (scene, i) => {
        try {
          const row = clipRows[i];
          const layout = { layout: scene.layout, barHeight: scene.barHeight };
          if (row) {
            const clip = await loadSceneClip(deps, row, scene, {
              dir: clipDir,
              name: `clip-${i}`,
              signal: context.signal,
              limits: MEME_CLIP,
            });
            return {
              picture: clip.frame,
              clip: { file: clip.file, trimStart: clip.trimStart },
              boxes: scene.captionsBoxes,
              seconds: clip.seconds,
              ...layout,
            };
          }
          const source = await deps.sources.resolve(where, scene.imageUrlString);
          return { picture: source.data, boxes: scene.captionsBoxes, seconds: scene.seconds, ...layout };
        } catch (err) {
          if (err instanceof MemeSourceError && args.scenes.length > 1)
            throw new MemeSourceError(`Scene ${i + 1}: ${err.message}`);
          throw err;
        }
      }),
    );
  }

  return {
    name: MEME_TOOLS.video,
    displayName: 'Meme video',
    description: DESCRIPTION,
    descriptionForHuman: 'Turns captioned pictures into a short video meme.',
    inputSchema: toolInputSchemaOf(memeVideoArgsSchema),
    kind: 'builtin',
    run,
  };
}
