import { MEME_PATHS, type CaptionBox, type MemeStickerImages } from '@confab/shared';

/**
 * The stickers' pictures in the browser: the server's PNG of each (MEME_PATHS.sticker, public and
 * same-origin, so the canvas stays untainted and can be downloaded), the very pixels the server
 * draws. Loaded once per page; one that fails is tried again on the next draw.
 */
const loaded = new Map<string, Promise<HTMLImageElement | null>>();

function loadSticker(id: string): Promise<HTMLImageElement | null> {
  let image = loaded.get(id);
  if (!image) {
    const element = new Image();
    element.decoding = 'async';
    element.src = MEME_PATHS.sticker(id);
    image = element.decode().then(
      () => element,
      () => {
        loaded.delete(id);
        return null;
      },
    );
    loaded.set(id, image);
  }
  return image;
}

/** The pictures of the stickers the boxes hold, as the shared layout takes them (a missing one draws nothing). */
export async function loadMemeStickers(boxes: readonly CaptionBox[]): Promise<MemeStickerImages<CanvasImageSource>> {
  const ids = [...new Set(boxes.flatMap((b) => (b.sticker ? [b.sticker] : [])))];
  const images = new Map<string, HTMLImageElement>();
  if (ids.length && typeof Image !== 'undefined') {
    await Promise.all(
      ids.map(async (id) => {
        const image = await loadSticker(id);
        if (image) images.set(id, image);
      }),
    );
  }
  return (id) => {
    const image = images.get(id);
    return image ? { source: image, width: image.naturalWidth, height: image.naturalHeight } : undefined;
  };
}
