import {
  CAPTION_PADDING,
  fitCaption,
  outlineWidth,
  type CaptionFit,
  type CaptionLegibility,
} from './meme-caption-fit.js';
import { memeFont } from './meme-fonts-catalog.js';
import {
  captionStyle,
  displayCaption,
  MEME_BAR,
  memeBarHeight,
  pictureRect,
  type CaptionStyle,
  type MemeLayoutSpec,
} from './meme-style.js';
import type { TextMeasurer } from './meme-text.js';
import { MEME_IMAGE, type CaptionBox } from './memes.js';

/**
 * Drawing a meme with the one caption layout (meme-layout.ts): the browser's canvas and the
 * server's @napi-rs/canvas call these with their own 2D context and the same fonts loaded.
 */

/** What drawing needs of a 2D context: the part the DOM's and @napi-rs/canvas's have in common. */
export interface MemeCanvasContext<TImage> extends TextMeasurer {
  fillStyle: unknown;
  strokeStyle: unknown;
  lineWidth: number;
  lineJoin: 'round' | 'bevel' | 'miter';
  miterLimit: number;
  textAlign: 'center' | 'end' | 'left' | 'right' | 'start';
  textBaseline: 'alphabetic' | 'bottom' | 'hanging' | 'ideographic' | 'middle' | 'top';
  direction: 'inherit' | 'ltr' | 'rtl';
  save(): void;
  restore(): void;
  translate(x: number, y: number): void;
  rotate(radians: number): void;
  fillRect(x: number, y: number, w: number, h: number): void;
  drawImage(image: TImage, dx: number, dy: number, dw: number, dh: number): void;
  fillText(text: string, x: number, y: number): void;
  strokeText(text: string, x: number, y: number): void;
}

/** A picture as drawing takes it: the side's own image object and its size. */
export interface MemePicture<TImage> {
  source: TImage;
  width: number;
  height: number;
}

/** The sticker pictures a side has loaded, by id (undefined: not loaded, or unknown; nothing is drawn). */
export type MemeStickerImages<TImage> = (id: string) => MemePicture<TImage> | undefined;

/** The background behind a picture that does not fill the meme. */
export const MEME_BACKGROUND = '#000000';

/** The x a line is drawn at, from the box's centre, and the canvas alignment that goes with it. */
function alignedX(
  style: CaptionStyle,
  boxWidth: number,
  strokeWidth: number,
): { x: number; align: 'left' | 'center' | 'right' } {
  // The stroke reaches half its width past the glyphs: kept inside the padding as for centred text.
  const inset = CAPTION_PADDING + strokeWidth / 2;
  if (style.align === 'left') return { x: -boxWidth / 2 + inset, align: 'left' };
  if (style.align === 'right') return { x: boxWidth / 2 - inset, align: 'right' };
  return { x: 0, align: 'center' };
}

/**
 * Draws one caption, fitted to its box (under `legibility` if given) and rotated about the box's
 * centre, in its style (captionStyle: the box's choices, else its layout's defaults).
 */
export function drawCaption<TImage>(
  ctx: MemeCanvasContext<TImage>,
  box: CaptionBox,
  language = 'en',
  legibility?: CaptionLegibility,
  style: CaptionStyle = captionStyle(box),
): CaptionFit {
  const text = displayCaption(box.caption, style, language);
  const fit = fitCaption(text, box, ctx, language, legibility, style.font);
  if (!text.trim()) return fit;
  ctx.save();
  ctx.translate(box.x + box.w / 2, box.y + box.h / 2);
  if (box.rotation) ctx.rotate((box.rotation * Math.PI) / 180);
  ctx.font = memeFont(fit.fontPx, language, style.font);
  const strokeWidth = style.outlineWidth ?? outlineWidth(fit.fontPx);
  const { x, align } = alignedX(style, box.w, strokeWidth);
  ctx.textAlign = align;
  // Alphabetic, not 'middle': Chromium puts 'middle' at the em box's middle and Skia in
  // @napi-rs/canvas at the font box's, 7 px apart at 50 px in Anton. Both agree on the
  // alphabetic baseline and the font box around it, so the line is centred on that box here.
  ctx.textBaseline = 'alphabetic';
  ctx.direction = fit.direction;
  ctx.lineJoin = 'round';
  ctx.miterLimit = 2;
  ctx.lineWidth = strokeWidth;
  ctx.strokeStyle = style.outlineColor;
  ctx.fillStyle = style.fontColor;
  const metrics = ctx.measureText(fit.lines[0] ?? '');
  const toBaseline = ((metrics.fontBoundingBoxAscent ?? 0) - (metrics.fontBoundingBoxDescent ?? 0)) / 2;
  const top = -((fit.lines.length - 1) * fit.lineHeight) / 2 + toBaseline;
  fit.lines.forEach((line, i) => {
    const y = top + i * fit.lineHeight;
    if (strokeWidth > 0) ctx.strokeText(line, x, y);
    ctx.fillText(line, x, y);
  });
  ctx.restore();
  return fit;
}

/** Draws a sticker contained in its box (its shape kept, centred), rotated about the box's centre. */
export function drawSticker<TImage>(
  ctx: MemeCanvasContext<TImage>,
  box: CaptionBox,
  sticker: MemePicture<TImage>,
): void {
  const scale = Math.min(box.w / sticker.width, box.h / sticker.height);
  const w = sticker.width * scale;
  const h = sticker.height * scale;
  ctx.save();
  ctx.translate(box.x + box.w / 2, box.y + box.h / 2);
  if (box.rotation) ctx.rotate((box.rotation * Math.PI) / 180);
  ctx.drawImage(sticker.source, -w / 2, -h / 2, w, h);
  ctx.restore();
}

export interface MemeDrawResult {
  /** Ids of the boxes whose text could not fit (SPEC 5's warning). */
  overflow: string[];
  /** The smallest caption font drawn, in the meme's pixels; null without captions. */
  smallestFontPx: number | null;
}

export interface MemeDrawOptions<TImage> extends MemeLayoutSpec {
  language?: string;
  canvas?: { width: number; height: number };
  legibility?: CaptionLegibility;
  /** The sticker pictures loaded for the boxes that hold one. */
  stickers?: MemeStickerImages<TImage>;
}

/**
 * Draws the boxes alone (captions and stickers), in the layout's styles: over the picture of
 * drawMeme, or on a transparent layer (a video's captions).
 */
export function drawBoxes<TImage>(
  ctx: MemeCanvasContext<TImage>,
  boxes: readonly CaptionBox[],
  options: MemeDrawOptions<TImage> = {},
): MemeDrawResult {
  const layout = options.layout ?? 'classic';
  const barHeight = layout === 'modern' ? memeBarHeight(options, boxes) : 0;
  const overflow: string[] = [];
  let smallestFontPx: number | null = null;
  for (const box of boxes) {
    if (box.sticker) {
      const sticker = options.stickers?.(box.sticker);
      if (sticker) drawSticker(ctx, box, sticker);
      continue;
    }
    const style = captionStyle(box, layout, barHeight);
    const fit = drawCaption(ctx, box, options.language, options.legibility, style);
    if (!fit.fits) overflow.push(box.id);
    if (box.caption.trim()) smallestFontPx = Math.min(smallestFontPx ?? fit.fontPx, fit.fontPx);
  }
  return { overflow, smallestFontPx };
}

/**
 * Draws a whole meme: black, the picture contained (classic: centred; modern: under a white bar
 * at the top), then each box. `image` may be undefined (still loading): the captions are drawn
 * on black so the user sees them as they stream. `legibility` is for a meme shown small (a grid
 * slot); without it, SPEC 5's layout exactly.
 */
export function drawMeme<TImage>(
  ctx: MemeCanvasContext<TImage>,
  image: MemePicture<TImage> | undefined,
  boxes: readonly CaptionBox[],
  options: MemeDrawOptions<TImage> = {},
): MemeDrawResult {
  const canvas = options.canvas ?? MEME_IMAGE;
  const barHeight = memeBarHeight(options, boxes);
  ctx.save();
  ctx.fillStyle = MEME_BACKGROUND;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  if (barHeight > 0) {
    ctx.fillStyle = MEME_BAR.color;
    ctx.fillRect(0, 0, canvas.width, barHeight);
  }
  if (image && image.width > 0 && image.height > 0) {
    const at = pictureRect(image, canvas, barHeight);
    ctx.drawImage(image.source, at.x, at.y, at.w, at.h);
  }
  ctx.restore();
  return drawBoxes(ctx, boxes, options);
}
