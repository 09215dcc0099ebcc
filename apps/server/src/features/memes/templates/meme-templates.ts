import { MEME_IMAGE, MEME_PATHS, type MemeTemplate } from '@confab/shared';
import sharp from 'sharp';
import { lineupScenes } from './art/scenes-lineups.js';
import { panelScenes } from './art/scenes-panels.js';
import { singleScenes } from './art/scenes-single.js';
import type { TemplateArt } from './art/template-art.js';

/**
 * The gallery (issue 21): meme formats drawn as the project's own artwork, kept as SVG built
 * from one drawing kit and rasterized to 1080×1920 PNG on first use. The SVG lives in code,
 * so nothing has to be found on disk in tests, in development or in `npm start`.
 */

const ART: TemplateArt[] = [...panelScenes, ...lineupScenes, ...singleScenes];
const ART_BY_ID = new Map(ART.map((art) => [art.id, art]));

const TEMPLATES: MemeTemplate[] = ART.map((art) => ({
  id: art.id,
  name: art.name,
  description: art.description,
  url: MEME_PATHS.template(art.id),
  width: MEME_IMAGE.width,
  height: MEME_IMAGE.height,
  boxes: art.boxes,
}));

/** Every template, in gallery order (copies: callers may change what they get). */
export function listMemeTemplates(): MemeTemplate[] {
  return TEMPLATES.map((t) => structuredClone(t));
}

export function findMemeTemplate(id: string): MemeTemplate | undefined {
  const found = TEMPLATES.find((t) => t.id === id);
  return found ? structuredClone(found) : undefined;
}

// One promise per template: rasterized once, and calls that arrive while it renders share it.
const rendered = new Map<string, Promise<Buffer>>();

async function rasterize(art: TemplateArt): Promise<Buffer> {
  return sharp(Buffer.from(art.draw()))
    .resize(MEME_IMAGE.width, MEME_IMAGE.height, { fit: 'fill' })
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
}

/** The template's picture, 1080×1920 PNG; undefined for an unknown id. */
export function memeTemplateImage(id: string): Promise<Buffer | undefined> {
  const art = ART_BY_ID.get(id);
  if (!art) return Promise.resolve(undefined);
  let image = rendered.get(id);
  if (!image) {
    image = rasterize(art);
    // A failed render is not kept, so the next call tries again.
    image.catch(() => rendered.delete(id));
    rendered.set(id, image);
  }
  return image;
}
