import { MEME_TOOLS, MEME_UI, type ContentPart } from '@confab/shared';
import { readToolCall, type ToolCall } from '../chat/stream/tool-call-events';
import { readVideoUrl } from './video/video-url';

export type MemeSlotKind = 'image' | 'video';

/**
 * Which grid slot a tool call takes, or null when it is an ordinary tool call: the meme tools,
 * and any other tool whose output carries a video URL (an MCP video tool, SPEC 3).
 */
export function getMemeSlotKind(call: Pick<ToolCall, 'name' | 'output'>): MemeSlotKind | null {
  if (call.name === MEME_TOOLS.image) return 'image';
  if (call.name === MEME_TOOLS.video) return 'video';
  return readVideoUrl(call.output) ? 'video' : null;
}

export interface MemeGridSlot {
  call: ToolCall;
  kind: MemeSlotKind;
  /** The part's index in the message's content. */
  index: number;
}

export type ReplyBlock =
  { type: 'part'; part: ContentPart; index: number } | { type: 'grid'; slots: MemeGridSlot[]; index: number };

/**
 * Groups a reply's parts for display (SPEC 9): from content index `showToolGridAt` on, meme tool
 * calls that follow one another share a grid of up to `slotsPerGrid` slots (the next one starts
 * another grid); anything else, and every part before that index, stays as it is.
 * @example groupReplyBlocks([{part: text, index: 0}, {part: image, index: 1}], 0)
 *   // [{type: 'part', ...}, {type: 'grid', slots: [{kind: 'image', index: 1, ...}], index: 1}]
 */
export function groupReplyBlocks(
  parts: readonly { part: ContentPart; index: number }[],
  showToolGridAt = 0,
  slotsPerGrid: number = MEME_UI.toolGridSlots,
): ReplyBlock[] {
  const blocks: ReplyBlock[] = [];
  let grid: Extract<ReplyBlock, { type: 'grid' }> | null = null;
  for (const { part, index } of parts) {
    const call = index >= showToolGridAt ? readToolCall(part) : null;
    const kind = call ? getMemeSlotKind(call) : null;
    if (!call || !kind) {
      blocks.push({ type: 'part', part, index });
      grid = null;
      continue;
    }
    if (!grid || grid.slots.length >= slotsPerGrid) {
      grid = { type: 'grid', slots: [], index };
      blocks.push(grid);
    }
    grid.slots.push({ call, kind, index });
  }
  return blocks;
}

/**
 * The grid's columns for `count` slots (SPEC 9's 4-slot grid). One meme alone keeps a phone-sized
 * slot; two or more sit two by two on a phone (four memes at 390 px are a 2×2 block, not four
 * full-height cards one under another) and four across from the large breakpoint.
 */
export function memeGridColumns(count: number): string {
  return count <= 1 ? 'grid-cols-1 max-w-60' : 'grid-cols-2 lg:grid-cols-4';
}
