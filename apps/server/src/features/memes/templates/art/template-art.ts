import type { CaptionBoxInput } from '@confab/shared';
import { C } from './svg-kit.js';

/** One gallery template as drawn: what the catalogue says about it, and its SVG. */
export interface TemplateArt {
  id: string;
  name: string;
  description: string;
  /** Issue 39: the words the gallery's search and the model's template search find it by. */
  keywords?: string[];
  boxes: CaptionBoxInput[];
  /** The whole 1080×1920 picture as an SVG document. */
  draw(): string;
}

/** Dark text with a white edge: reads better than white on the pale panels. */
export const DARK_CAPTION = { fontColor: C.ink, outlineColor: 'white' } as const;
