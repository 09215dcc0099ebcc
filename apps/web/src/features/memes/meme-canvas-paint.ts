import { drawMeme, MEME_IMAGE, MEME_UI, type CaptionBox } from '@confab/shared';
import { loadMemeFonts } from './meme-fonts';

/** Everything a meme is drawn from: the loaded picture (if any yet) and the captions. */
export interface MemeScene {
  image: { source: CanvasImageSource; width: number; height: number } | undefined;
  boxes: readonly CaptionBox[];
  language: string;
}

function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new Error('canvas 2d context unavailable');
  return ctx;
}

/**
 * Draws the meme at its full 1080×1920 (the same layout as the server's render), after loading
 * the fonts its captions need; returns the ids of captions that cannot fit. `isCurrent` lets a
 * caller drop a draw that a newer one overtook while the fonts loaded.
 */
export async function paintMeme(
  canvas: HTMLCanvasElement,
  scene: MemeScene,
  isCurrent: () => boolean = () => true,
): Promise<string[] | null> {
  await loadMemeFonts(
    scene.boxes.map((b) => b.caption),
    scene.language,
  );
  if (!isCurrent()) return null;
  if (canvas.width !== MEME_IMAGE.width) canvas.width = MEME_IMAGE.width;
  if (canvas.height !== MEME_IMAGE.height) canvas.height = MEME_IMAGE.height;
  return drawMeme(context2d(canvas), scene.image, scene.boxes, { language: scene.language }).overflow;
}

/** SPEC 8: "Failed to load image", drawn on a 400×300 canvas. */
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
  ctx.fillStyle = colors.text;
  ctx.font = '500 18px system-ui, sans-serif';
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(message, width / 2, height / 2, width - 40);
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
