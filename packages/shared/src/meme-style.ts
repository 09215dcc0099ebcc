import { MEME_IMAGE, type CaptionBox, type MemeFontChoice, type MemeLayout } from './memes.js';

/**
 * Issue 39: how a meme is laid out (classic: captions over the picture; modern: a white caption
 * bar above it) and how each box is styled when it leaves a choice out. Part of the one caption
 * layout (meme-layout.ts), so the browser and the server decide alike.
 */

/** The modern layout's caption bar. */
export const MEME_BAR = {
  /** Its height when the arguments give none and no box reaches lower. */
  defaultHeight: 360,
  /** It never takes more than half the frame: the picture is the meme. */
  maxHeight: MEME_IMAGE.height / 2,
  color: '#ffffff',
} as const;

/** Where the picture and the bar go in one meme. */
export interface MemeLayoutSpec {
  layout?: MemeLayout | undefined;
  barHeight?: number | undefined;
}

/**
 * The bar's height in px (0 in the classic layout). Absent from the arguments, it fits the
 * captions: the default, or lower to hold every box that starts inside the default bar.
 */
export function memeBarHeight(spec: MemeLayoutSpec, boxes: readonly Pick<CaptionBox, 'y' | 'h'>[] = []): number {
  if (spec.layout !== 'modern') return 0;
  if (spec.barHeight !== undefined) return Math.min(MEME_IMAGE.height, Math.max(0, Math.round(spec.barHeight)));
  const reach = boxes.filter((b) => b.y < MEME_BAR.defaultHeight).map((b) => b.y + b.h);
  return Math.round(Math.min(MEME_BAR.maxHeight, Math.max(MEME_BAR.defaultHeight, ...reach)));
}

/**
 * Where the picture is drawn: scaled to fit inside the meme, centred, on black; in the modern
 * layout, inside the part under the bar, right below the bar (the caption reads into the picture).
 */
export function pictureRect(
  image: { width: number; height: number },
  canvas: { width: number; height: number } = MEME_IMAGE,
  barHeight = 0,
): { x: number; y: number; w: number; h: number } {
  const room = { width: canvas.width, height: Math.max(1, canvas.height - barHeight) };
  const scale = Math.min(room.width / image.width, room.height / image.height);
  const w = image.width * scale;
  const h = image.height * scale;
  const y = barHeight > 0 ? barHeight : (room.height - h) / 2;
  return { x: (canvas.width - w) / 2, y, w, h };
}

/** Where the picture goes in the classic layout: scaled to fit inside the meme, centred. */
export function containRect(
  image: { width: number; height: number },
  canvas: { width: number; height: number } = MEME_IMAGE,
): { x: number; y: number; w: number; h: number } {
  return pictureRect(image, canvas, 0);
}

/** A box's look with every choice made. */
export interface CaptionStyle {
  font: MemeFontChoice;
  fontColor: string;
  outlineColor: string;
  /** The outline stroke's width in px; undefined follows the font size (outlineWidth()). 0: none. */
  outlineWidth: number | undefined;
  align: 'left' | 'center' | 'right';
  uppercase: boolean;
}

/**
 * A box's style, its own choices first, then the layout's defaults: classic (and boxes below the
 * modern bar), white text with a black outline; in the modern bar (the box's top inside it),
 * black text with no outline, as modern memes are written.
 * @example captionStyle({ ...box, y: 40 }, 'modern') // { fontColor: 'black', outlineWidth: 0, ... }
 */
export function captionStyle(
  box: Pick<CaptionBox, 'y' | 'fontColor' | 'outlineColor' | 'outlineWidth' | 'font' | 'align' | 'uppercase'>,
  layout: MemeLayout = 'classic',
  barHeight: number = MEME_BAR.defaultHeight,
): CaptionStyle {
  const inBar = layout === 'modern' && box.y < barHeight;
  return {
    font: box.font ?? 'impact',
    fontColor: box.fontColor ?? (inBar ? 'black' : 'white'),
    outlineColor: box.outlineColor ?? (inBar ? 'white' : 'black'),
    // In the bar an outline is drawn only when one is asked for (a colour or a width).
    outlineWidth: box.outlineWidth ?? (inBar && box.outlineColor === undefined ? 0 : undefined),
    align: box.align ?? 'center',
    uppercase: box.uppercase ?? false,
  };
}

/** The text a box draws: in capitals when its style says so (its caption stays as written). */
export function displayCaption(caption: string, style: Pick<CaptionStyle, 'uppercase'>, language = 'en'): string {
  if (!style.uppercase) return caption;
  try {
    return caption.toLocaleUpperCase(language);
  } catch {
    return caption.toUpperCase();
  }
}
