import { join } from 'node:path';
import {
  MEME_IMAGE,
  MEME_PATHS,
  MEME_TOOLS,
  MEME_VIDEO,
  memeVideoArgsSchema,
  memeVideoFileName,
  type MemeVideoArgs,
  type MemeVideoOutput,
} from '@confab/shared';
import type { z } from 'zod';
import { storeGeneratedFile } from '../files/store-generated.js';
import type { ToolContext, ToolDefinition, ToolOutput } from '../tools/tool-types.js';
import { toolError, toolInputSchemaOf } from '../tools/tool-output.js';
import { MemeSourceError } from './meme-sources.js';
import { renderMemeVideo, type VideoScene } from './meme-video-render.js';
import type { MemesFeatureDeps } from './memes.feature.js';

const { width: W, height: H } = MEME_IMAGE;

/** Where renders work: a folder of their own under the data folder's temporary space. */
export const memeVideoTempRoot = (deps: Pick<MemesFeatureDeps, 'env'>): string =>
  join(deps.env.DATA_DIR, 'tmp', 'memes');

const DESCRIPTION = [
  `Makes a short vertical meme video (H.264 mp4) from one or more scenes. Each scene is a captioned picture, the same as ${MEME_TOOLS.image} takes: it slowly pans and zooms while its captions appear one after another, in the order given; scenes follow each other through a short fade.`,
  `imageUrlString takes the same forms as in ${MEME_TOOLS.image}: a gallery template (template:<id>), a picture the user attached in this conversation (file:<file_id> or its /images/... path), a picture ${MEME_TOOLS.generateImage} made (its path), or an https URL the user gave.`,
  `captionsBoxes are in the pixels of the ${W}×${H} portrait frame (x, y the top-left corner), exactly as for ${MEME_TOOLS.image}; to animate a meme you just made, reuse its picture and boxes. The text shrinks to fit its box.`,
  `At most ${MEME_VIDEO.maxScenes} scenes and ${MEME_VIDEO.maxSeconds} seconds in all; a scene lasts ${MEME_VIDEO.defaultSceneSeconds} seconds unless \`seconds\` says otherwise. language is the captions' BCP 47 tag (it chooses the font).`,
  'The chat shows the video from the returned URL: do not repeat the URL to the user.',
].join(' ');

/** What the model reads when its arguments do not parse: each problem with where it is. */
function describeArgsError(error: z.ZodError): string {
  const problems = error.issues.slice(0, 5).map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`);
  return `${MEME_TOOLS.video} needs {language, scenes: [{imageUrlString, captionsBoxes, seconds}]}. ${problems.join('; ')}.`;
}

/**
 * `create_meme_video` (issue 21): resolves each scene's picture through the meme sources, renders
 * the video locally with ffmpeg, keeps it as one of the user's files (linked to this reply) and
 * answers SPEC 3's video tool output, an array of text items holding the video's URL.
 */
export function createMemeVideoTool(deps: MemesFeatureDeps): ToolDefinition {
  const tempRoot = memeVideoTempRoot(deps);

  async function run(context: ToolContext, rawArgs: unknown): Promise<ToolOutput> {
    const parsed = memeVideoArgsSchema.safeParse(rawArgs);
    if (!parsed.success) return toolError(describeArgsError(parsed.error));
    const args = parsed.data;
    const seconds = args.scenes.reduce((sum, scene) => sum + scene.seconds, 0);
    if (seconds > MEME_VIDEO.maxSeconds)
      return toolError(
        `The scenes last ${seconds} seconds together; a video is at most ${MEME_VIDEO.maxSeconds}. Shorten or drop scenes.`,
      );

    let scenes: VideoScene[];
    try {
      scenes = await resolveScenes(context, args);
    } catch (err) {
      if (err instanceof MemeSourceError) return toolError(err.message);
      throw err;
    }

    let video;
    try {
      video = await renderMemeVideo({ scenes, language: args.language }, { tempRoot, signal: context.signal });
    } catch (err) {
      if (context.signal.aborted) throw err;
      context.log.error({ err }, 'the meme video could not be rendered');
      return toolError('The video could not be rendered. Try again, or with other pictures.');
    }

    const { record } = await storeGeneratedFile(deps.db, deps.storage, {
      userId: context.userId,
      data: video.data,
      type: 'video/mp4',
      filename: memeVideoFileName(),
      width: video.width,
      height: video.height,
      thumbnail: { data: video.poster.data, type: 'image/jpeg' },
      conversationId: context.conversationId,
      messageId: context.messageId,
    });
    const output: MemeVideoOutput = [{ type: 'text', text: MEME_PATHS.video(record.file_id) }];
    return { parts: [{ type: 'text', text: JSON.stringify(output) }] };
  }

  /** Each scene's picture, in parallel; the first that cannot be used names its scene. */
  async function resolveScenes(context: ToolContext, args: MemeVideoArgs): Promise<VideoScene[]> {
    const where = { userId: context.userId, conversationId: context.conversationId, signal: context.signal };
    return Promise.all(
      args.scenes.map(async (scene, i) => {
        try {
          const source = await deps.sources.resolve(where, scene.imageUrlString);
          return { picture: source.data, boxes: scene.captionsBoxes, seconds: scene.seconds };
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
