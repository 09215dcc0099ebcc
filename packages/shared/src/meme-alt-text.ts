import { MEME_IMAGE, MEME_VIDEO_ALT_PREFIX } from './memes.js';

/** What the alt text reads of a caption box: its text or sticker, and where it sits. */
export interface AltTextBox {
  caption: string;
  x: number;
  y: number;
  h: number;
  sticker?: string | undefined;
}

/** One picture with captions: an image meme's arguments, or one scene of a video. */
export interface AltTextScene {
  /** What the picture shows (the tool's `description`, or the template's own). */
  description?: string | undefined;
  captionsBoxes?: readonly AltTextBox[] | undefined;
}

/** Long enough for any real caption, short enough for a screen reader and an og:description. */
const MAX_CAPTION = 280;
const MAX_DESCRIPTION = 400;
const MAX_TOTAL = 1500;

/** One line of text: whitespace (a caption's line breaks included) collapsed, cut with an ellipsis. */
function clean(text: string, max: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1).trimEnd()}\u2026` : flat;
}

/** A sentence ends with one full stop, whatever the text already ends with. */
function sentence(text: string): string {
  return /[.!?\u2026\u3002\uff01\uff1f]$/.test(text) ? text : `${text}.`;
}

/** Where a caption sits on the 1920-high meme, by its middle: the words a reader hears first. */
function placeOf(box: AltTextBox): string {
  const middle = box.y + box.h / 2;
  if (middle < MEME_IMAGE.height / 3) return 'Top caption';
  if (middle > (MEME_IMAGE.height * 2) / 3) return 'Bottom caption';
  return 'Middle caption';
}

function boxSentence(box: AltTextBox): string | null {
  if (box.sticker) {
    const label = clean(box.caption, MAX_CAPTION) || box.sticker.replace(/-/g, ' ');
    return `Sticker: ${label}.`;
  }
  const caption = clean(box.caption, MAX_CAPTION);
  return caption ? `${placeOf(box)}: \u201c${caption}\u201d.` : null;
}

/** Reading order: top to bottom, and left to right within a band of the same height. */
function readingOrder(boxes: readonly AltTextBox[]): AltTextBox[] {
  return [...boxes].sort((a, b) => (Math.abs(a.y - b.y) > 40 ? a.y - b.y : a.x - b.x));
}

function sceneSentences(scene: AltTextScene): string[] {
  const description = clean(scene.description ?? '', MAX_DESCRIPTION);
  const captions = readingOrder(scene.captionsBoxes ?? []).flatMap((box) => boxSentence(box) ?? []);
  return [...(description ? [sentence(description)] : []), ...captions];
}

/**
 * A gallery template's description ends with what to write where, addressed to the caption writer:
 * a sentence that starts with the verb ("Caption the…", "Put the…"), or one that says where a
 * kind of text goes ("A reaction image: the shocking news at the top…", "…goes at the top").
 */
const INSTRUCTION = /^(Caption|Label|Put|Write|Title|Name|Headline|Use|Add|Fill|Pick|Choose|For|Boxes?)\b/;
const PLACEMENT = [
  /\b(goes|go|caption|captions|text|setup|situation|punchline|option|options|news|reaction)\b[^.]*\bat the (top|bottom)\b/i,
  // "…: the fact at the top, who is staring at the bottom."
  /\bat the (top|bottom)\b[^.]*\bat the (top|bottom)\b/i,
  /:\s*write\b/i,
];
const isAdvice = (sentence: string): boolean =>
  INSTRUCTION.test(sentence) || PLACEMENT.some((pattern) => pattern.test(sentence));

/**
 * What a template's picture shows, for an alt text: its description without the closing advice to
 * whoever captions it ("Caption the beginning at the top…"), which describes nothing a reader sees.
 *
 * @example picturePartOf('A cat at a desk. Caption the task at the top.') // 'A cat at a desk.'
 */
export function picturePartOf(templateDescription: string): string {
  const sentences = templateDescription.trim().split(/(?<=[.!?])\s+(?=[A-Z])/);
  const kept = sentences.filter((sentence) => !isAdvice(sentence));
  return (kept.length ? kept : sentences).join(' ');
}

/**
 * The alt text of a meme (issue 39): what the picture shows, then its captions in reading order,
 * plain text with no markup, read by screen readers, shown on demand, written into the JPEG and
 * used as a public link's og:description. A video's scenes (an array) are read one after another.
 *
 * @example memeAltText({ description: 'A cat at a desk', captionsBoxes: [{ caption: 'Monday', x: 0, y: 100, h: 200 }] })
 *   // 'Meme: A cat at a desk. Top caption: “Monday”.'
 */
export function memeAltText(source: AltTextScene | readonly AltTextScene[]): string {
  const isVideo = Array.isArray(source);
  const scenes: readonly AltTextScene[] = isVideo ? source : [source as AltTextScene];
  const label = isVideo ? 'Meme video' : 'Meme';
  const [first, ...rest] = scenes.flatMap(sceneSentences);
  if (first === undefined) return `${label}.`;
  // "Meme: a cat at a desk. Top caption: …", or, with no description, "Meme. Top caption: …".
  const opening = scenes[0]?.description?.trim() ? `${label}: ${first}` : `${label}. ${first}`;
  return clean([opening, ...rest].join(' '), MAX_TOTAL);
}

/**
 * The alt text a video tool's output carries (MemeVideoOutput's second item), or undefined for an
 * output without one (a video made before issue 39, another tool's, or not JSON).
 */
export function memeVideoOutputAltText(output: string | undefined): string | undefined {
  let items: unknown;
  try {
    items = JSON.parse(output ?? '');
  } catch {
    return undefined;
  }
  if (!Array.isArray(items)) return undefined;
  for (const item of items) {
    const text = (item as { text?: unknown } | null)?.text;
    if (typeof text === 'string' && text.startsWith(MEME_VIDEO_ALT_PREFIX))
      return text.slice(MEME_VIDEO_ALT_PREFIX.length) || undefined;
  }
  return undefined;
}
