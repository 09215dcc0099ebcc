import {
  drawMeme,
  MEME_IMAGE,
  MEME_UI,
  type CaptionBox,
  type CaptionLegibility,
  type MemeDrawResult,
  type MemeLayout,
} from '@confab/shared';
import { loadMemeBoxFonts } from './meme-fonts';
import { loadMemeStickers } from './meme-sticker-images';

/** Everything a meme is drawn from: the loaded picture (if any yet) and the captions. */
export interface MemeScene {
  image: { source: CanvasImageSource; width: number; height: number } | undefined;
  boxes: readonly CaptionBox[];
  language: string;
  /** Issue 39: classic (absent) or modern, with its bar's height (absent: fitted to the captions). */
  layout?: MemeLayout | undefined;
  barHeight?: number | undefined;
}

function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d context unavailable');
  return ctx;
}

let drawQueue: Promise<void> = Promise.resolve();

/**
 * A turn to draw: one meme per task. Four slots drawing at once (a reply that just finished
 * mounts its grid again) made one long task of them; each in a task of its own, the browser can
 * paint and answer input between them. (Not in an animation frame: a draw there joins the
 * frame's own style and paint work, which made longer tasks on a slow CPU.)
 */
function nextDrawTurn(): Promise<void> {
  const turn = drawQueue.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  drawQueue = turn;
  return turn;
}

/**
 * Draws the meme at its full 1080×1920 (the same layout as the server's render), after loading
 * the fonts its captions need and its stickers; returns what drawMeme tells (null when dropped). `isCurrent` lets a
 * caller drop a draw that a newer one overtook while the fonts loaded. `legibility` is for a
 * canvas shown small (a grid slot): captions SPEC 5 would shrink below it are drawn larger and cut.
 */
export async function paintMeme(
  canvas: HTMLCanvasElement,
  scene: MemeScene,
  isCurrent: () => boolean = () => true,
  legibility?: CaptionLegibility,
): Promise<MemeDrawResult | null> {
  const [stickers] = await Promise.all([loadMemeStickers(scene.boxes), loadMemeBoxFonts(scene.boxes, scene.language)]);
  if (!isCurrent()) return null;
  await nextDrawTurn();
  if (!isCurrent()) return null;
  if (canvas.width !== MEME_IMAGE.width) canvas.width = MEME_IMAGE.width;
  if (canvas.height !== MEME_IMAGE.height) canvas.height = MEME_IMAGE.height;
  return drawMeme(context2d(canvas), scene.image, scene.boxes, {
    language: scene.language,
    legibility,
    layout: scene.layout,
    barHeight: scene.barHeight,
    stickers,
  });
}

/**
 * SPEC 8: "Failed to load image", drawn on a 400×300 canvas: a broken-picture mark above the
 * words, large enough to read when the slot shows the canvas at a third of its size.
 */
export function paintFailedImage(
  canvas: HTMLCanvasElement,
  message: string,
  colors: { background: string; text: string },
) {
  const { width, height } = MEME_UI.failedCanvas;
  canvas.width = width;
  canvas.height = height;
  const ctx = context2d(canvas);
  ctx.fillStyle = colors.background;
  ctx.fillRect(0, 0, width, height);
  ctx.strokeStyle = colors.text;
  ctx.lineWidth = 5;
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  const cx = width / 2;
  const top = height / 2 - 78;
  ctx.beginPath();
  ctx.roundRect(cx - 42, top, 84, 68, 10);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(cx - 30, top + 54);
  ctx.lineTo(cx - 8, top + 30);
  ctx.lineTo(cx + 8, top + 44);
  ctx.lineTo(cx + 30, top + 22);
  ctx.stroke();
  ctx.beginPath();
  ctx.moveTo(cx - 52, top - 8);
  ctx.lineTo(cx + 52, top + 76);
  ctx.stroke();
  ctx.fillStyle = colors.text;
  ctx.font = '600 30px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(message, cx, height / 2 + 40, width - 32);
}

/** The meme as the JPEG a user downloads (SPEC 8, 9: 1080×1920, quality 0.92). */
export async function renderMemeJpeg(scene: MemeScene): Promise<Blob> {
  const canvas = document.createElement('canvas');
  await paintMeme(canvas, scene);
  return new Promise((resolve, reject) => {
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('could not encode the meme'))),
      'image/jpeg',
      0.92,
    );
  });
}
