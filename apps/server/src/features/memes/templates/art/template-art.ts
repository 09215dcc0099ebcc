import type { CaptionBoxInput } from '@confab/shared';
import { C } from './svg-kit.js';

/** One gallery template as drawn: what the catalogue says about it, and its SVG. */
export interface TemplateArt {
  id: string;
  name: string;
  description: string;
  boxes: CaptionBoxInput[];
  /** The whole 1080×1920 picture as an SVG document. */
  draw(): string;
}

/** Dark text with a white edge: reads better than white on the pale panels. */
export const DARK_CAPTION = { fontColor: C.ink, outlineColor: 'white' } as const;
