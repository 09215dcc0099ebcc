import {
  captionBoxSchema,
  MEME_CAPTIONS_MAX,
  MEME_IMAGE,
  MEME_PATHS,
  memeImageArgsSchema,
  type CaptionBox,
  type MemeEditBody,
  type MemeImageArgs,
  type MemeImageOutput,
  type MemeLayout,
  type MemeTemplate,
} from '@confab/shared';
import { newBoxGeometry } from './box-geometry';

/** What the editor changes (and undoes): the boxes and the layout. The picture stays. */
export interface EditorDocument {
  boxes: CaptionBox[];
  layout: MemeLayout;
  barHeight?: number;
}

/**
 * What is being edited and where the result goes: a meme of a reply (added to that reply after
 * it) or a gallery template (a new message at the end of the conversation).
 */
export type MemeEditTarget =
  | { kind: 'reply'; conversationId: string; messageId: string; toolCallId: string }
  | { kind: 'template'; conversationId: string; parentMessageId?: string }
  /** A picture becoming a template: the boxes go to the editor's `onSave`, no meme is made. */
  | { kind: 'new-template' };

/** Everything the editor opens with. */
export interface MemeEditSource {
  target: MemeEditTarget;
  /** The picture as the server names it (MemeImageArgs.imageUrlString). */
  imageUrlString: string;
  /** The picture as the browser loads it (a same-origin path). */
  pictureUrl: string;
  language: string;
  description?: string;
  document: EditorDocument;
}

/** Only our own paths: never a protocol-relative `//host` or anything with a scheme. */
const isOwnPath = (url: string) => url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');

/**
 * A finished `create_meme_image` call as the editor opens it: its arguments in full (the slot's
 * streaming reader keeps only what it draws) and the picture the server drew on, which the edit
 * names again so a remote picture is not fetched a second time.
 */
export function sourceFromCall(
  target: Extract<MemeEditTarget, { kind: 'reply' }>,
  argsJson: string,
  output: MemeImageOutput | null,
): MemeEditSource | null {
  let raw: unknown;
  try {
    raw = JSON.parse(argsJson);
  } catch {
    return null;
  }
  const parsed = memeImageArgsSchema.safeParse(raw);
  if (!parsed.success || !output || !isOwnPath(output.source_url)) return null;
  const args = parsed.data;
  return {
    target,
    imageUrlString: output.source_url,
    pictureUrl: output.source_url,
    language: args.language,
    description: args.description,
    document: { boxes: args.captionsBoxes, layout: args.layout ?? 'classic', barHeight: args.barHeight },
  };
}

/** A gallery template opened with its suggested boxes. */
export function sourceFromTemplate(
  target: Extract<MemeEditTarget, { kind: 'template' }>,
  template: MemeTemplate,
  language: string,
): MemeEditSource {
  const args = memeImageArgsSchema.parse({
    imageUrlString: `template:${template.id}`,
    language,
    captionsBoxes: template.boxes.slice(0, MEME_CAPTIONS_MAX),
  });
  return {
    target,
    imageUrlString: args.imageUrlString,
    pictureUrl: MEME_PATHS.template(template.id),
    language: args.language,
    description: template.description || undefined,
    document: { boxes: args.captionsBoxes, layout: template.layout ?? 'classic' },
  };
}

/**
 * A picture opened to draw a new template's boxes on (`pictureUrl` a same-origin path or a blob
 * URL), starting from `start`'s boxes as the editor reads them (ids, rotation filled in).
 */
export function sourceForNewTemplate(
  pictureUrl: string,
  language: string,
  start: Pick<MemeTemplate, 'boxes' | 'layout'>,
): MemeEditSource {
  const boxes = start.boxes.slice(0, MEME_CAPTIONS_MAX).map((box) => captionBoxSchema.parse(box));
  const document: EditorDocument = { boxes, layout: start.layout ?? 'classic' };
  return { target: { kind: 'new-template' }, imageUrlString: pictureUrl, pictureUrl, language, document };
}

/** A new template's boxes and layout as POST MEME_PATHS.templates takes them. */
export function templateShape(document: EditorDocument): Pick<MemeTemplate, 'boxes' | 'layout'> {
  return { boxes: document.boxes, ...(document.layout === 'modern' ? { layout: 'modern' as const } : {}) };
}

/** The arguments the edited meme is made from. */
export function editedArgs(source: MemeEditSource, document: EditorDocument): MemeImageArgs {
  return {
    imageUrlString: source.imageUrlString,
    language: source.language,
    captionsBoxes: document.boxes,
    ...(document.layout === 'modern'
      ? { layout: 'modern' as const, ...(document.barHeight !== undefined ? { barHeight: document.barHeight } : {}) }
      : {}),
    ...(source.description ? { description: source.description } : {}),
  };
}

/** POST MEME_PATHS.edits's body for the edit. */
export function editBody(source: MemeEditSource, document: EditorDocument): MemeEditBody {
  const args = editedArgs(source, document);
  const { target } = source;
  if (target.kind === 'new-template') throw new Error("A new template is saved through the editor's onSave");
  return target.kind === 'reply'
    ? { conversationId: target.conversationId, messageId: target.messageId, toolCallId: target.toolCallId, args }
    : {
        conversationId: target.conversationId,
        ...(target.parentMessageId ? { parentMessageId: target.parentMessageId } : {}),
        args,
      };
}

/** An id no box of the meme has yet. */
function freshId(boxes: readonly CaptionBox[]): string {
  const taken = new Set(boxes.map((b) => b.id));
  let n = boxes.length + 1;
  while (taken.has(`box-${n}`)) n += 1;
  return `box-${n}`;
}

/** A new caption box, placed below the others, its colours the schema's defaults (the layout's style). */
export function newBox(boxes: readonly CaptionBox[], caption: string): CaptionBox {
  return captionBoxSchema.parse({ id: freshId(boxes), caption, ...newBoxGeometry(boxes.length) });
}

/** The side of a new sticker's square box, in the meme's pixels. */
const STICKER_SIDE = 320;

/** A new box holding a sticker (MEME_STICKERS id) instead of text, square, in the picture's middle. */
export function newStickerBox(boxes: readonly CaptionBox[], sticker: string): CaptionBox {
  const offset = (boxes.length % 4) * 60;
  return captionBoxSchema.parse({
    id: freshId(boxes),
    caption: '',
    sticker,
    x: (MEME_IMAGE.width - STICKER_SIDE) / 2 + offset,
    y: (MEME_IMAGE.height - STICKER_SIDE) / 2 + offset,
    w: STICKER_SIDE,
    h: STICKER_SIDE,
  });
}

export function updateBox(document: EditorDocument, id: string, patch: Partial<CaptionBox>): EditorDocument {
  return { ...document, boxes: document.boxes.map((b) => (b.id === id ? { ...b, ...patch } : b)) };
}

export function replaceBox(document: EditorDocument, next: CaptionBox): EditorDocument {
  return { ...document, boxes: document.boxes.map((b) => (b.id === next.id ? next : b)) };
}

export function removeBox(document: EditorDocument, id: string): EditorDocument {
  return { ...document, boxes: document.boxes.filter((b) => b.id !== id) };
}
