import { MEME_IMAGE, MEME_PATHS, type MemeTemplate } from '@confab/shared';
import { loadSharp } from '../../files/images/load-sharp.js';
import { everydayScenes } from './art/scenes-everyday.js';
import { lineupScenes } from './art/scenes-lineups.js';
import { panelScenes } from './art/scenes-panels.js';
import { reactionScenes } from './art/scenes-reactions.js';
import { singleScenes } from './art/scenes-single.js';
import type { TemplateArt } from './art/template-art.js';

/**
 * The gallery (issue 21): meme formats drawn as the project's own artwork, kept as SVG built
 * from one drawing kit and rasterized to 1080×1920 PNG on first use. The SVG lives in code,
 * so nothing has to be found on disk in tests, in development or in `npm start`.
 */

const ART: TemplateArt[] = [...panelScenes, ...lineupScenes, ...singleScenes, ...everydayScenes, ...reactionScenes];
const ART_BY_ID = new Map(ART.map((art) => [art.id, art]));

/** Every template's drawing, in gallery order (for checks that draw them all). */
export const listTemplateArt = (): readonly TemplateArt[] => ART;

const TEMPLATES: MemeTemplate[] = ART.map((art) => ({
  id: art.id,
  name: art.name,
  description: art.description,
  url: MEME_PATHS.template(art.id),
  width: MEME_IMAGE.width,
  height: MEME_IMAGE.height,
  boxes: art.boxes,
  keywords: art.keywords ?? [],
  scope: 'builtin',
}));

/** Every template, in gallery order (copies: callers may change what they get). */
export function listMemeTemplates(): MemeTemplate[] {
  return TEMPLATES.map((t) => structuredClone(t));
}

export function findMemeTemplate(id: string): MemeTemplate | undefined {
  const found = TEMPLATES.find((t) => t.id === id);
  return found ? structuredClone(found) : undefined;
}

const rendered = new Map<string, Promise<Buffer>>();

async function rasterize(art: TemplateArt): Promise<Buffer> {
  const sharp = await loadSharp();
  return sharp(Buffer.from(art.draw()))
    .resize(MEME_IMAGE.width, MEME_IMAGE.height, { fit: 'fill' })
    .png({ compressionLevel: 9, palette: false })
    .toBuffer();
}

/** Renders once per key; calls that arrive while it renders share the promise. A failure is not kept. */
function cached(key: string, render: () => Promise<Buffer>): Promise<Buffer> {
  let image = rendered.get(key);
  if (!image) {
    image = render();
    image.catch(() => rendered.delete(key));
    rendered.set(key, image);
  }
  return image;
}

/** The template's picture, 1080×1920 PNG; undefined for an unknown id. */
export function memeTemplateImage(id: string): Promise<Buffer | undefined> {
  const art = ART_BY_ID.get(id);
  return art ? cached(id, () => rasterize(art)) : Promise.resolve(undefined);
}

/** The gallery's thumbnail: a quarter of the size (270×480), a tenth of the bytes. */
export const MEME_THUMBNAIL = { width: MEME_IMAGE.width / 4, height: MEME_IMAGE.height / 4 } as const;

export async function memeTemplateThumbnail(id: string): Promise<Buffer | undefined> {
  const full = await memeTemplateImage(id);
  if (!full) return undefined;
  return cached(`${id}#thumb`, async () =>
    (await loadSharp())(full)
      .resize(MEME_THUMBNAIL.width, MEME_THUMBNAIL.height)
      .png({ compressionLevel: 9 })
      .toBuffer(),
  );
}

let warming: Promise<void> | undefined;

/**
 * Starts rendering every picture, so a gallery opened right after the list finds them ready. One
 * at a time, in gallery order: all at once they filled libuv's thread pool (sharp's renders), and
 * every request needing it (crypto, file reads) waited behind some sixty rasterizations.
 */
export function warmMemeTemplateImages(): void {
  warming ??= (async () => {
    for (const art of ART) await memeTemplateThumbnail(art.id).catch(() => undefined);
  })();
}
