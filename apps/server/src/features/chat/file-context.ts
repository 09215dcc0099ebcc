/** A document attached to a user's message, as the model's context is built from it. */
export interface AttachedDocument {
  filename: string;
  type: string;
  /** The stored extracted text: '' for a PDF without a text layer, null when none could be read. */
  text: string | null;
}

/** An image attached to a user's message, with its bytes (our image URLs are not public). */
export interface AttachedImage {
  /** Base64 of the stored bytes. */
  data: string;
  mediaType: string;
  width?: number | null | undefined;
  height?: number | null | undefined;
  /** The stored file's id and name: told to the model so a tool can take the picture (`file:<id>`, memes). */
  fileId?: string | undefined;
  filename?: string | undefined;
}

/**
 * The line after a user's images naming their file ids: the model sees the pictures, and a tool
 * that works on one (create_meme_image's `file:<id>`) needs to say which.
 */
export function attachedImageIdsText(images: readonly AttachedImage[]): string | undefined {
  const named = images.filter((image) => image.fileId);
  if (named.length === 0) return undefined;
  const list = named.map((image) => `${JSON.stringify(image.filename ?? 'image')} = file:${image.fileId}`).join(', ');
  return `(Attached image file ids, for tools that take a picture: ${list})`;
}

/** A video attached to a user's message: the model gets its name and id only, never its bytes. */
export interface AttachedClip {
  fileId: string;
  filename: string;
}

/** The line naming a user's video clips: a tool that captions one (create_meme_video's `file:<id>`) needs its id. */
export function attachedClipIdsText(clips: readonly AttachedClip[]): string | undefined {
  if (clips.length === 0) return undefined;
  const list = clips.map((clip) => `${JSON.stringify(clip.filename)} = file:${clip.fileId}`).join(', ');
  return `(Attached video file ids, for tools that take a clip: ${list})`;
}

export interface TurnFiles {
  images: AttachedImage[];
  documents: AttachedDocument[];
  /** Videos: named to the model, not sent (optional: older callers load none). */
  clips?: AttachedClip[];
}

/**
 * The share of the context documents may take: half the conversation's maxContextTokens, the
 * rest left for the messages and the reply. Without maxContextTokens, a budget that fits the
 * smaller windows still in use (16k-token models get the document cut, not the request refused).
 */
export const DOCUMENT_CONTEXT = { shareOfMaxContext: 0.5, defaultTokens: 12_000, charsPerToken: 4 } as const;

export function documentBudgetChars(maxContextTokens: number | null | undefined): number {
  const tokens = maxContextTokens
    ? Math.floor(maxContextTokens * DOCUMENT_CONTEXT.shareOfMaxContext)
    : DOCUMENT_CONTEXT.defaultTokens;
  return tokens * DOCUMENT_CONTEXT.charsPerToken;
}

const count = (n: number) => n.toLocaleString('en-US');

/** The block one document contributes, showing at most `allowed` characters of its text. */
function documentBlock(doc: AttachedDocument, allowed: number): string {
  const name = JSON.stringify(doc.filename);
  if (doc.text === null)
    return `<attached_file name=${name}>\n[${doc.filename}: its text could not be read.]\n</attached_file>`;
  if (doc.text.trim() === '') {
    const notice =
      doc.type === 'application/pdf'
        ? `${doc.filename} has no text layer (scanned pages?); its text could not be read.`
        : `${doc.filename} is empty.`;
    return `<attached_file name=${name}>\n[${notice}]\n</attached_file>`;
  }
  const shown = doc.text.length > allowed ? doc.text.slice(0, allowed) : doc.text;
  const cut =
    shown.length < doc.text.length
      ? `\n[… truncated: showing the first ${count(shown.length)} of ${count(doc.text.length)} characters of ${doc.filename}]`
      : '';
  return `<attached_file name=${name}>\n${shown}${cut}\n</attached_file>`;
}

/**
 * The context text of each message's documents, within one budget of characters shared by
 * the whole history: the newest message's documents are served first, so an older long file is
 * what gets cut, and every cut says so in the text the model reads.
 *
 * @param newestFirst message ids with their documents, newest message first
 */
export function documentContexts(
  newestFirst: { messageId: string; documents: AttachedDocument[] }[],
  budgetChars: number,
): Map<string, string> {
  let left = budgetChars;
  const contexts = new Map<string, string>();
  for (const { messageId, documents } of newestFirst) {
    if (documents.length === 0) continue;
    const blocks = documents.map((doc) => {
      const allowed = Math.max(0, left);
      left -= Math.min(doc.text?.length ?? 0, allowed);
      return documentBlock(doc, allowed);
    });
    contexts.set(messageId, blocks.join('\n\n'));
  }
  return contexts;
}
