import { APICallError } from '@ai-sdk/provider';
import { MEME_TOOLS } from '@confab/shared';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import type { StorageAdapter } from '../../platform/storage/storage.js';
import { storeGeneratedFile } from '../files/store-generated.js';
import type { ToolContext, ToolDefinition, ToolOutput } from '../tools/tool-types.js';
import { toolError } from '../tools/tool-output.js';
import { BACKGROUND_SHAPES, type GenerateBackground } from './image-generation-model.js';
import { normalisePicture, sniffPictureType } from './meme-source-picture.js';
import { MemeSourceError } from './meme-sources.js';

/** An image model may take a minute or two; past this the tool gives up and says so. */
export const IMAGE_GENERATION_TIMEOUT_MS = 150_000;

export const generateBackgroundArgsSchema = z.object({
  prompt: z.string().trim().min(1).max(4000),
  size: z.enum(BACKGROUND_SHAPES).default('portrait'),
});

const DESCRIPTION =
  `Paints a new picture to use as a meme's background when no gallery template or attached picture fits. ` +
  `Describe the scene only (subjects, setting, mood, style); never ask for text, letters or captions in the picture: ` +
  `${MEME_TOOLS.image} adds the captions afterwards. size: portrait (default; fills the 1080×1920 meme best), square or landscape. ` +
  `The answer is JSON with image_url: pass it as imageUrlString to ${MEME_TOOLS.image}.`;

const INPUT_SCHEMA = {
  type: 'object',
  properties: {
    prompt: { type: 'string', description: 'What the picture shows, without any text in it.', maxLength: 4000 },
    size: { type: 'string', enum: [...BACKGROUND_SHAPES], description: 'The picture\u2019s shape (default portrait).' },
  },
  required: ['prompt'],
} as const;

/** The provider's refusal in words the model can act on (a content policy, a quota), without the raw body. */
function describeFailure(err: unknown): string {
  if (err instanceof MemeSourceError) return `The image model's answer was not a usable picture: ${err.message}`;
  if (APICallError.isInstance(err)) return `The image model refused (${err.statusCode ?? 'no status'}): ${err.message}`;
  // generateImage wraps the last attempt's error in a RetryError, with the provider's words inside.
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : undefined;
  if (cause && APICallError.isInstance(cause))
    return `The image model refused (${cause.statusCode ?? 'no status'}): ${cause.message}`;
  return `The image model failed: ${err instanceof Error ? err.message : String(err)}`;
}

/**
 * `generate_meme_background`: a picture made by the configured image model, kept as the user's
 * file (context image_generation) so create_meme_image can draw on it by its `/images/...` path.
 */
export function createImageGenerationTool(deps: {
  db: Db;
  storage: StorageAdapter;
  generate: GenerateBackground;
}): ToolDefinition {
  const run = async (context: ToolContext, rawArgs: unknown): Promise<ToolOutput> => {
    const parsed = generateBackgroundArgsSchema.safeParse(rawArgs);
    if (!parsed.success)
      return toolError(`The arguments of ${MEME_TOOLS.generateImage} are not valid:\n${z.prettifyError(parsed.error)}`);
    const timeout = AbortSignal.timeout(IMAGE_GENERATION_TIMEOUT_MS);
    const signal = AbortSignal.any([context.signal, timeout]);
    let picture: Awaited<ReturnType<typeof normalisePicture>>;
    try {
      const made = await deps.generate({ prompt: parsed.data.prompt, shape: parsed.data.size, signal });
      if (!(await sniffPictureType(made))) throw new MemeSourceError('it is not a JPEG, PNG, WebP or GIF image.');
      picture = await normalisePicture(made);
    } catch (err) {
      if (context.signal.aborted) throw err;
      if (timeout.aborted)
        return toolError(
          `The image model took longer than ${IMAGE_GENERATION_TIMEOUT_MS / 1000} s; try a simpler prompt or a template.`,
        );
      context.log.warn({ err }, `${MEME_TOOLS.generateImage} failed`);
      return toolError(describeFailure(err));
    }
    context.signal.throwIfAborted();
    const { record } = await storeGeneratedFile(deps.db, deps.storage, {
      userId: context.userId,
      data: picture.data,
      type: picture.type,
      filename: `meme-background-${Date.now()}.${picture.type === 'image/png' ? 'png' : 'jpg'}`,
      width: picture.width,
      height: picture.height,
      thumbnail: picture.thumbnail,
      conversationId: context.conversationId,
      messageId: context.messageId,
      context: 'image_generation',
    });
    const output = {
      status: 'ok',
      image_url: record.filepath,
      file_id: record.file_id,
      width: picture.width,
      height: picture.height,
      next: `Pass "${record.filepath}" as imageUrlString to ${MEME_TOOLS.image} to add the captions.`,
    };
    return { parts: [{ type: 'text', text: JSON.stringify(output) }] };
  };

  return {
    name: MEME_TOOLS.generateImage,
    displayName: 'Meme background',
    description: DESCRIPTION,
    descriptionForHuman: 'Paints a new picture to caption when no template fits.',
    inputSchema: INPUT_SCHEMA as unknown as ToolDefinition['inputSchema'],
    kind: 'builtin',
    run,
  };
}
