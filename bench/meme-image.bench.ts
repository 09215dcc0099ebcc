/**
 * Memes (issue 21): the server's render of a captioned 1080×1920 JPEG (`renderMemeImage`, what
 * create_meme_image does besides storing): a gallery template when the gallery has one, else a
 * photo-like picture, with two captions, after a warm-up that registers the fonts. Target: ≤ 60 ms
 * median.
 */
import { MEME_IMAGE, type CaptionBox } from '@confab/shared';
import sharp from 'sharp';
import { renderMemeImage } from '../apps/server/src/features/memes/render-meme.js';
import { listMemeTemplates, memeTemplateImage } from '../apps/server/src/features/memes/templates/meme-templates.js';
import { percentile, round } from './lib/stats.js';

const RUNS = Number(process.env.BENCH_MEME_IMAGE_RUNS ?? 40);
const WARM_UP = 3;
const TARGET_MS = 60;

const caption = (id: string, text: string, y: number): CaptionBox => ({
  id,
  caption: text,
  x: 90,
  y,
  w: 900,
  h: 260,
  fontColor: 'white',
  outlineColor: 'black',
  rotation: 0,
});

const BOXES = [
  caption('top', 'When the benchmark says 59 milliseconds', 120),
  caption('bottom', 'and the target was sixty', MEME_IMAGE.height - 400),
];

/** A 1600×1200 picture with detail in it (noise over a gradient), so decoding is not trivially cheap. */
async function photoLikePicture(): Promise<Buffer> {
  const width = 1600;
  const height = 1200;
  const pixels = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const i = (y * width + x) * 3;
      const noise = (x * 7919 + y * 104729) % 61;
      pixels[i] = (x * 255) / width + noise;
      pixels[i + 1] = (y * 255) / height;
      pixels[i + 2] = 128 + noise;
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** The gallery's first template (when the gallery has one) and a photo-like picture. */
async function benchSources(): Promise<{ label: string; data: Buffer }[]> {
  const template = listMemeTemplates()[0];
  const data = template ? await memeTemplateImage(template.id) : undefined;
  const sources = template && data ? [{ label: `template ${template.id}`, data }] : [];
  return [...sources, { label: '1600×1200 JPEG picture', data: await photoLikePicture() }];
}

async function benchRender(source: { label: string; data: Buffer }): Promise<Record<string, unknown>> {
  const render = () => renderMemeImage({ source: source.data, boxes: BOXES, language: 'en', format: 'jpeg' });
  for (let i = 0; i < WARM_UP; i++) await render();
  const times: number[] = [];
  let bytes = 0;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    const { data } = await render();
    times.push(performance.now() - t0);
    bytes = data.length;
  }
  const p50 = percentile(times, 50);
  return {
    case: `meme image 1080×1920 JPEG on ${source.label}, 2 captions, ${RUNS} runs`,
    'render p50 ms': round(p50, 1),
    'render p95 ms': round(percentile(times, 95), 1),
    'JPEG KB': round(bytes / 1024, 0),
    [`target ≤ ${TARGET_MS} ms`]: p50 <= TARGET_MS ? 'met' : 'missed',
  };
}

export async function runMemeImageBench(): Promise<{ rows: Record<string, unknown>[] }> {
  const rows: Record<string, unknown>[] = [];
  for (const source of await benchSources()) rows.push(await benchRender(source));
  return { rows };
}
