import {
  CAPTION_FONT,
  MEME_BAR,
  MEME_FONT_CHOICES,
  MEME_STICKERS,
  MEME_IMAGE,
  MEME_TOOLS,
  memeImageArgsSchema,
  memeAltText,
  memeImageFileName,
  picturePartOf,
  withJpegDescription,
  type MemeImageArgs,
  type MemeImageOutput,
  type MemeTemplate,
} from '@confab/shared';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { loadSharp } from '../files/images/load-sharp.js';
import type { StorageAdapter } from '../../platform/storage/storage.js';
import { IMAGE_LIMITS } from '../files/images/image-limits.js';
import { storeGeneratedFile } from '../files/store-generated.js';
import type { ToolSource } from '../tools/tool-registry.js';
import type { ToolContext, ToolInputSchema, ToolOutput } from '../tools/tool-types.js';
import { toolError, toolInputSchemaOf } from '../tools/tool-output.js';
import { ACCEPTED_SOURCES } from './meme-source-ref.js';
import { MemeSourceError, type MemeSourceResolver } from './meme-sources.js';
import { renderMemeImage } from './render-meme.js';

export interface MemeImageToolDeps {
  db: Db;
  storage: StorageAdapter;
  sources: MemeSourceResolver;
  /** The gallery as it is now (read on every listing). */
  templates: () => readonly MemeTemplate[];
}

const { width: W, height: H } = MEME_IMAGE;

/** What the model reads about each argument, added to the schema zod derives from the shared contract. */
const ARGUMENT_HELP: Record<string, string> = {
  imageUrlString: `The picture under the captions. ${ACCEPTED_SOURCES}`,
  language:
    'BCP 47 tag of the captions\u2019 language (en, es, pt-BR, ja, ar\u2026): it picks the font and the writing direction.',
  captionsBoxes: `The captions, each in a box in the pixels of the ${W}\u00d7${H} canvas.`,
  description:
    'What the picture shows, in one short sentence, for the meme\u2019s alt text (screen readers, link previews). Optional for a gallery template, which has its own.',
};

/**
 * The tool's JSON schema: the shared zod contract as the model may write it (`io: 'input'`, so
 * defaulted fields are optional), without the `$schema` key some providers refuse.
 */
export function memeImageInputSchema(): ToolInputSchema {
  const schema = toolInputSchemaOf(memeImageArgsSchema);
  const properties = { ...(schema.properties as Record<string, Record<string, unknown>>) };
  for (const [name, description] of Object.entries(ARGUMENT_HELP))
    if (properties[name]) properties[name] = { ...properties[name], description };
  return { ...schema, type: 'object', properties };
}

function templateLine(template: MemeTemplate): string {
  const boxes = template.boxes.map((b) => `${b.id}: x ${b.x}, y ${b.y}, w ${b.w}, h ${b.h}`).join('; ');
  return `- template:${template.id} \u2014 ${template.name}. ${template.description}${boxes ? ` Suggested boxes: ${boxes}.` : ''}`;
}

/** What the model is told about the tool: the canvas, the boxes, the pictures it may use and the gallery now. */
export function memeImageDescription(templates: readonly MemeTemplate[]): string {
  const lines = [
    `Makes a meme: a picture with captions, drawn on a ${W}\u00d7${H} px portrait canvas (black background, the picture contained and centred), saved as a JPEG that the chat shows.`,
    `Caption boxes are in canvas pixels: x, y = the box's top-left corner; w, h = its size. Text wraps inside the box and its font shrinks from ${CAPTION_FONT.maxSize * CAPTION_FONT.pxPerUnit} px down to ${CAPTION_FONT.minSize * CAPTION_FONT.pxPerUnit} px until it fits (a two-line caption at full size needs a box about 250 px tall). fontColor and outlineColor are CSS colors (default white text with a black outline); rotation is in degrees, clockwise about the box's centre (default 0).`,
    `Per box, optional: font (${MEME_FONT_CHOICES.join(', ')}; default impact, the classic meme font), align (left, center, right), uppercase (true draws in capitals), outlineWidth in px (0 for none). A box with sticker (one of ${MEME_STICKERS.map((s) => s.id).join(', ')}) shows that picture filling the box instead of text. layout "modern" puts a white bar barHeight px tall (default: fitted to the boxes, at least ${MEME_BAR.defaultHeight}) above the picture; boxes that start in the bar default to black text with no outline.`,
    `The result is JSON: {status, image_url, file_id, source_url, width, height, overflow}. Boxes listed in overflow could not fit their text even at ${CAPTION_FONT.minSize * CAPTION_FONT.pxPerUnit} px: shorten the caption or enlarge the box and call again. The chat shows the meme: do not paste its URL.`,
    `Pictures: ${ACCEPTED_SOURCES}`,
  ];
  lines.push(
    templates.length
      ? `Gallery templates:\n${templates.map(templateLine).join('\n')}`
      : 'The template gallery is empty.',
  );
  return lines.join('\n');
}

/** The model's arguments, or what is wrong with them in words it can fix. */
function readArgs(args: unknown): MemeImageArgs | string {
  const parsed = memeImageArgsSchema.safeParse(args);
  if (parsed.success) return parsed.data;
  return `The arguments of ${MEME_TOOLS.image} are not valid:\n${z.prettifyError(parsed.error)}`;
}

async function thumbnailOf(jpeg: Buffer): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(jpeg)
    .resize(IMAGE_LIMITS.thumbnailSide, IMAGE_LIMITS.thumbnailSide, { fit: 'inside' })
    .jpeg({ quality: IMAGE_LIMITS.jpegQuality })
    .toBuffer();
}

/** Who a meme is made for and where it is kept: the caller, their conversation and the message that shows it. */
export interface MemeImageRequest {
  userId: string;
  conversationId?: string | undefined;
  messageId?: string | undefined;
  signal: AbortSignal;
}

/**
 * Makes one meme: resolves the picture (meme-source-resolver.ts, owner-checked), draws the
 * captions with the shared layout and keeps the JPEG as the user's file (in the conversation
 * and the message). The tool and the editor's save (edits/) both make their memes here. A
 * picture the user cannot use is a MemeSourceError.
 */
export async function makeMemeImage(
  deps: Pick<MemeImageToolDeps, 'db' | 'storage' | 'sources'> & Partial<Pick<MemeImageToolDeps, 'templates'>>,
  request: MemeImageRequest,
  args: MemeImageArgs,
): Promise<MemeImageOutput> {
  const { userId, conversationId, messageId, signal } = request;
  const source = await deps.sources.resolve({ userId, conversationId, signal }, args.imageUrlString);
  signal.throwIfAborted();
  const rendered = await renderMemeImage({
    source: source.data,
    boxes: args.captionsBoxes,
    language: args.language,
    layout: args.layout,
    barHeight: args.barHeight,
    format: 'jpeg',
  });
  signal.throwIfAborted();
  // Issue 39: the alt text (the picture's description, else its template's, and the captions) rides in the JPEG too.
  const template = deps.templates?.().find((candidate) => candidate.url === source.sourceUrl);
  const description = args.description ?? (template ? picturePartOf(template.description) : undefined);
  const altText = memeAltText({ description, captionsBoxes: args.captionsBoxes });
  const jpeg = Buffer.from(withJpegDescription(rendered.data, altText));
  const { record } = await storeGeneratedFile(deps.db, deps.storage, {
    userId,
    data: jpeg,
    type: 'image/jpeg',
    filename: memeImageFileName(),
    width: W,
    height: H,
    thumbnail: { data: await thumbnailOf(jpeg), type: 'image/jpeg' },
    conversationId,
    messageId,
    context: 'message_attachment',
  });
  return {
    status: 'ok',
    image_url: record.filepath,
    file_id: record.file_id,
    source_url: source.sourceUrl,
    width: W,
    height: H,
    overflow: rendered.overflow,
    alt_text: altText,
  };
}

/**
 * `create_meme_image`: makes the meme (makeMemeImage) and answers MemeImageOutput as JSON text;
 * a picture it cannot use is an error the model reads.
 */
export function memeImageToolSource(deps: MemeImageToolDeps): ToolSource {
  const run = async (context: ToolContext, rawArgs: unknown): Promise<ToolOutput> => {
    const args = readArgs(rawArgs);
    if (typeof args === 'string') return toolError(args);
    let output: MemeImageOutput;
    try {
      output = await makeMemeImage(deps, context, args);
    } catch (err) {
      if (err instanceof MemeSourceError && !context.signal.aborted) return toolError(err.message);
      throw err;
    }
    return { parts: [{ type: 'text', text: JSON.stringify(output) }] };
  };

  const inputSchema = memeImageInputSchema();
  return {
    // The gallery is read per listing, so the description names the templates there are now.
    listTools: () =>
      Promise.resolve([
        {
          name: MEME_TOOLS.image,
          displayName: 'Meme image',
          description: memeImageDescription(deps.templates()),
          descriptionForHuman: 'Puts captions on a template or on a photo from the chat.',
          inputSchema,
          kind: 'builtin',
          run,
        },
      ]),
  };
}
