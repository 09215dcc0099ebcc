import { MEME_TOOLS, type ContentPart, type MemeImageArgs, type MemeImageOutput } from '@confab/shared';
import { randomToken } from '../../../platform/ids.js';

/** A `create_meme_image` call as a reply stores it (chat/reply-content.ts) and LibreChat renders it. */
export interface StoredMemeCall {
  id: string;
  name: string;
  /** The arguments' JSON text. */
  args: string;
  output?: string;
  progress?: number;
  type?: 'tool_call';
}

/** The editor's calls are told apart from the model's by this prefix (the model's ids are the vendor's). */
export const EDIT_CALL_PREFIX = 'call_edit_';

export const newEditCallId = (): string => `${EDIT_CALL_PREFIX}${randomToken(12)}`;

function memeCallOf(part: ContentPart | undefined): StoredMemeCall | undefined {
  if (part?.type !== 'tool_call') return undefined;
  const call = (part as { tool_call?: Partial<StoredMemeCall> }).tool_call;
  return call?.name === MEME_TOOLS.image && typeof call.id === 'string' ? (call as StoredMemeCall) : undefined;
}

/** The `create_meme_image` call with this id among the parts, and where it is. */
export function findMemeCall(
  parts: readonly ContentPart[],
  toolCallId: string,
): { call: StoredMemeCall; index: number } | undefined {
  for (const [index, part] of parts.entries()) {
    const call = memeCallOf(part);
    if (call?.id === toolCallId) return { call, index };
  }
  return undefined;
}

/** The finished output of a meme call, or undefined (still running, or an error text the model read). */
export function readMemeOutput(call: StoredMemeCall): MemeImageOutput | undefined {
  if (!call.output) return undefined;
  try {
    const output = JSON.parse(call.output) as Partial<MemeImageOutput> | null;
    return output?.status === 'ok' && typeof output.source_url === 'string' ? (output as MemeImageOutput) : undefined;
  } catch {
    return undefined;
  }
}

/** The arguments a call was made with (its stored JSON text), or undefined when they do not parse. */
function readCallArgs(call: StoredMemeCall): { imageUrlString?: unknown } | undefined {
  try {
    return JSON.parse(call.args) as { imageUrlString?: unknown };
  } catch {
    return undefined;
  }
}

/**
 * The picture an edit of `call` is drawn on. The editor sends back the picture the meme was made
 * from, as its call named it or as it was stored: either is the stored one (a remote picture was
 * kept as the user's file, so it is not fetched again). Any other picture is taken as named.
 */
export function editSource(call: StoredMemeCall, requested: string): string {
  const stored = readMemeOutput(call)?.source_url;
  if (!stored) return requested;
  const named = readCallArgs(call)?.imageUrlString;
  return requested === stored || requested === named ? stored : requested;
}

/** The content part of a meme the editor made: the same shape as the model's call, finished. */
export function editedMemePart(id: string, args: MemeImageArgs, output: MemeImageOutput): ContentPart {
  const call: StoredMemeCall = {
    id,
    name: MEME_TOOLS.image,
    args: JSON.stringify(args),
    type: 'tool_call',
    output: JSON.stringify(output),
    progress: 1,
  };
  return { type: 'tool_call', tool_call: call };
}

/**
 * The parts with `added` placed after the call at `index` and the edits already made after it,
 * so a meme's versions stay together in the order they were saved; the original is untouched.
 */
export function insertAfterCall(parts: readonly ContentPart[], index: number, added: ContentPart): ContentPart[] {
  let at = index + 1;
  while (memeCallOf(parts[at])?.id.startsWith(EDIT_CALL_PREFIX)) at++;
  return [...parts.slice(0, at), added, ...parts.slice(at)];
}
