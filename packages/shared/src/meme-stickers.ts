import { STICKER_ART } from './meme-sticker-art.js';

/**
 * Issue 39: the stickers a caption box may hold (its `sticker` field) instead of text: the
 * project's own drawings (meme-sticker-art.ts), served by the server as PNG at
 * MEME_PATHS.sticker(id), which both renderers draw into the box.
 */
export interface MemeSticker {
  id: string;
  /** English name, for the model, the alt text and the editor's picker (which translates by id). */
  label: string;
}

export const MEME_STICKERS: readonly MemeSticker[] = [
  { id: 'heart', label: 'Heart' },
  { id: 'star', label: 'Star' },
  { id: 'fire', label: 'Fire' },
  { id: 'laughing', label: 'Laughing face' },
  { id: 'thumbs-up', label: 'Thumbs up' },
  { id: 'sunglasses', label: 'Face with sunglasses' },
  { id: 'speech-bubble', label: 'Speech bubble' },
  { id: 'thought-bubble', label: 'Thought bubble' },
  { id: 'arrow', label: 'Arrow' },
  { id: 'sparkles', label: 'Sparkles' },
  { id: 'crown', label: 'Crown' },
  { id: 'lightning', label: 'Lightning' },
  { id: 'skull', label: 'Skull' },
  { id: 'eyes', label: 'Eyes' },
];

/** The size of a sticker's PNG, square: sharp enough for a box the width of the meme. */
export const MEME_STICKER_SIZE = 512;

export function findMemeSticker(id: string): MemeSticker | undefined {
  return MEME_STICKERS.find((s) => s.id === id);
}

/** A sticker's SVG drawing, or undefined for an unknown id. */
export function memeStickerSvg(id: string): string | undefined {
  return findMemeSticker(id) ? STICKER_ART[id] : undefined;
}
