import type { Canvas, Image, SKRSContext2D } from '@napi-rs/canvas';
import {
  drawBoxes,
  drawMeme,
  MEME_IMAGE,
  type CaptionBox,
  type MemeCanvasContext,
  type MemeLayoutSpec,
} from '@confab/shared';
import { loadCanvas } from './load-canvas.js';
import { ensureMemeFonts } from './meme-fonts.js';
import { loadStickerImages } from './meme-sticker-images.js';

/** The server's canvas as the shared layout draws on it (the same calls as the browser's). */
const asMemeContext = (ctx: SKRSContext2D) => ctx as unknown as MemeCanvasContext<Image>;

export interface RenderedMeme {
  data: Buffer;
  /** Ids of the boxes whose text does not fit even at the smallest size. */
  overflow: string[];
}

export interface MemeRenderInput extends MemeLayoutSpec {
  /** The picture's bytes (any type sharp or Skia reads: JPEG, PNG, WebP, GIF); none draws captions on black. */
  source?: Buffer | undefined;
  boxes: readonly CaptionBox[];
  language: string;
  size?: { width: number; height: number } | undefined;
}

let encoding: Promise<unknown> = Promise.resolve();

/**
 * Encodes on the canvas's worker thread, one encode at a time in the process: @napi-rs/canvas
 * crashes the process (SIGSEGV) when encodes run at once (Brooooooklyn/canvas#988; reproduced
 * here with a dozen parallel caption layers), and a reply may draw four memes and a video at once.
 */
function encodeSerially(canvas: Canvas, format: 'jpeg' | 'png', quality?: number): Promise<Buffer> {
  const encoded = encoding.then(() => (format === 'jpeg' ? canvas.encode('jpeg', quality) : canvas.encode('png')));
  encoding = encoded.catch(() => undefined);
  return encoded;
}

/** Decodes a picture once, for several renders (a video's frames). */
export async function decodeMemeSource(source: Buffer): Promise<Image> {
  const { loadImage } = await loadCanvas();
  return loadImage(source);
}

/**
 * Renders a captioned meme with the shared layout (packages/shared meme-layout.ts): the picture
 * contained on black in 1080×1920 (or `size`, the boxes scaled with it), then the captions.
 */
export async function renderMemeImage(
  input: MemeRenderInput & { format: 'jpeg' | 'png'; quality?: number },
): Promise<RenderedMeme> {
  await ensureMemeFonts();
  const image = input.source ? await decodeMemeSource(input.source) : undefined;
  return renderDecoded({ ...input, image });
}

/** As renderMemeImage, with the picture already decoded. */
export async function renderDecoded(
  input: Omit<MemeRenderInput, 'source'> & { image: Image | undefined; format: 'jpeg' | 'png'; quality?: number },
): Promise<RenderedMeme> {
  await ensureMemeFonts();
  const { createCanvas } = await loadCanvas();
  const size = input.size ?? MEME_IMAGE;
  const canvas = createCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d');
  const scale = size.width / MEME_IMAGE.width;
  ctx.scale(scale, scale);
  const stickers = await loadStickerImages(input.boxes);
  const { overflow } = drawMeme(
    asMemeContext(ctx),
    input.image ? { source: input.image, width: input.image.width, height: input.image.height } : undefined,
    input.boxes,
    { language: input.language, layout: input.layout, barHeight: input.barHeight, stickers },
  );
  const data = await encodeSerially(canvas, input.format, input.quality ?? 90);
  return { data, overflow };
}

/**
 * The captions alone on a transparent layer (PNG), for a video that shows them over a moving
 * picture: the same layout as the still meme (its styles and stickers), at `size`.
 */
export async function renderCaptionLayer(
  boxes: readonly CaptionBox[],
  language: string,
  size: { width: number; height: number },
  layout: MemeLayoutSpec = {},
): Promise<Buffer> {
  await ensureMemeFonts();
  const { createCanvas } = await loadCanvas();
  const canvas = createCanvas(size.width, size.height);
  const ctx = canvas.getContext('2d');
  const scale = size.width / MEME_IMAGE.width;
  ctx.scale(scale, scale);
  const stickers = await loadStickerImages(boxes);
  drawBoxes(asMemeContext(ctx), boxes, { language, layout: layout.layout, barHeight: layout.barHeight, stickers });
  return encodeSerially(canvas, 'png');
}
