import {
  captionBoxSchema,
  MEME_CAPTIONS_MAX,
  memeImageArgsSchema,
  type CaptionBox,
  type MemeImageOutput,
  type MemeLayout,
} from '@confab/shared';
import { Allow, parse } from 'partial-json';

/** What a `create_meme_image` call's arguments say so far, read while they stream. */
export interface MemeImageDraft {
  /** Only once the model has written the whole string: a half-written path is never loaded. */
  imageUrlString: string | null;
  language: string;
  /** The boxes complete enough to draw, defaults filled in. */
  boxes: CaptionBox[];
  /** Issue 39: the layout and its bar, once written (absent: classic). */
  layout?: MemeLayout;
  barHeight?: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Reads the arguments as far as they go. Complete JSON is parsed as is; a prefix is parsed
 * leniently with objects and arrays closed but unfinished strings and numbers left out (so a
 * path or a coordinate is never taken while still growing). A box that lacks a field is skipped
 * until it arrives.
 * @example readMemeImageDraft('{"imageUrlString":"template:drake","captionsBoxes":[{"id":"a"')
 *   // { imageUrlString: 'template:drake', language: 'en', boxes: [] }
 */
export function readMemeImageDraft(args: string): MemeImageDraft {
  let value: unknown;
  try {
    value = JSON.parse(args);
  } catch {
    try {
      value = parse(args, Allow.OBJ | Allow.ARR);
    } catch {
      value = undefined;
    }
  }
  const raw = isRecord(value) ? value : {};
  const url = typeof raw.imageUrlString === 'string' ? raw.imageUrlString.trim() : '';
  const language = typeof raw.language === 'string' && raw.language.trim() ? raw.language.trim() : 'en';
  const boxes: CaptionBox[] = [];
  for (const item of Array.isArray(raw.captionsBoxes) ? raw.captionsBoxes.slice(0, MEME_CAPTIONS_MAX) : []) {
    const box = captionBoxSchema.safeParse(item);
    if (box.success) boxes.push(box.data);
  }
  const layout = memeImageArgsSchema.shape.layout.safeParse(raw.layout);
  const barHeight = memeImageArgsSchema.shape.barHeight.safeParse(raw.barHeight);
  return {
    imageUrlString: url || null,
    language,
    boxes,
    ...(layout.success && layout.data ? { layout: layout.data } : {}),
    ...(barHeight.success && barHeight.data !== undefined ? { barHeight: barHeight.data } : {}),
  };
}

/** The JSON output of a finished `create_meme_image` call, or null (still running, or an error text). */
export function readMemeImageOutput(output: string | undefined): MemeImageOutput | null {
  if (!output) return null;
  try {
    const parsed: unknown = JSON.parse(output);
    if (isRecord(parsed) && typeof parsed.source_url === 'string') return parsed as unknown as MemeImageOutput;
  } catch {
    // An error message, not JSON.
  }
  return null;
}
