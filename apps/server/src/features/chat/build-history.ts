import { imageTokenCost, type ModelSettings } from '@confab/shared';
import type { ChatContentPart, ChatTurn, ChatTurnSegment } from '../../providers/types.js';
import type { MessageRow } from '../messages/messages.repo.js';
import {
  attachedClipIdsText,
  attachedImageIdsText,
  documentBudgetChars,
  documentContexts,
  type TurnFiles,
} from './file-context.js';

/** A rough token estimate (4 characters a token), enough to keep a prompt inside a window. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4) + 4;

export interface HistoryOptions {
  maxContextTokens?: number | null | undefined;
  imageDetail?: ModelSettings['imageDetail'];
  /** The loaded files of user messages, by message id (attached-files.ts). */
  files?: ReadonlyMap<string, TurnFiles> | undefined;
  /** Replay earlier replies' finished tool calls (an agent chat, whose model has tools). */
  replayToolCalls?: boolean | undefined;
}

interface StoredToolCall {
  id?: unknown;
  name?: unknown;
  args?: unknown;
  output?: unknown;
  progress?: unknown;
}

const parseArgs = (args: unknown): unknown => {
  if (typeof args !== 'string') return args ?? {};
  try {
    return JSON.parse(args) as unknown;
  } catch {
    return {};
  }
};

/**
 * A stored reply's text and finished tool calls, in order; undefined when it made none. A call
 * that never finished (stopped, crashed) is left out: the model gets no call without its result.
 */
function segmentsOf(content: string | null): ChatTurnSegment[] | undefined {
  if (!content) return undefined;
  let parts: unknown;
  try {
    parts = JSON.parse(content);
  } catch {
    return undefined;
  }
  if (!Array.isArray(parts)) return undefined;
  const segments: ChatTurnSegment[] = [];
  let calls = 0;
  for (const part of parts as { type?: unknown; text?: unknown; tool_call?: StoredToolCall }[]) {
    if (part.type === 'text' && typeof part.text === 'string') segments.push({ type: 'text', text: part.text });
    const call = part.type === 'tool_call' ? part.tool_call : undefined;
    if (call && call.progress === 1 && typeof call.id === 'string' && typeof call.name === 'string') {
      const output = typeof call.output === 'string' ? call.output : JSON.stringify(call.output ?? '');
      segments.push({ type: 'tool', id: call.id, name: call.name, input: parseArgs(call.args), output });
      calls++;
    }
  }
  return calls ? segments : undefined;
}

interface CostedTurn {
  turn: ChatTurn;
  tokens: number;
}

/**
 * Turns the branch of messages into model turns. Error replies are left out (they are our
 * notices, not the model's words). A user message's documents come before its text as context
 * (cut to the document budget, saying so), its images as image parts with their bytes. With
 * `maxContextTokens`, the oldest turns are dropped until the rest fits (images counted at their
 * token cost), always keeping the newest turn.
 */
export function buildHistory(path: MessageRow[], options: HistoryOptions = {}): ChatTurn[] {
  const segments = new Map<string, ChatTurnSegment[]>();
  if (options.replayToolCalls) {
    for (const m of path) {
      const found = m.is_created_by_user !== 1 && m.error !== 1 ? segmentsOf(m.content) : undefined;
      if (found) segments.set(m.message_id, found);
    }
  }
  // A reply that is only tool calls has no text, but is a turn when its calls are replayed.
  const kept = path.filter((m) => m.error !== 1 && (m.text.trim() !== '' || segments.has(m.message_id)));
  const newestFirst = kept
    .filter((m) => m.is_created_by_user === 1)
    .reverse()
    .map((m) => ({ messageId: m.message_id, documents: options.files?.get(m.message_id)?.documents ?? [] }));
  const contexts = documentContexts(newestFirst, documentBudgetChars(options.maxContextTokens));

  const turns: CostedTurn[] = kept.map((m) => {
    if (m.is_created_by_user !== 1) {
      const replayed = segments.get(m.message_id);
      const tokens = estimateTokens(m.text) + (replayed ? estimateTokens(JSON.stringify(replayed)) : 0);
      return { turn: { role: 'assistant', content: m.text, ...(replayed ? { segments: replayed } : {}) }, tokens };
    }
    const context = contexts.get(m.message_id);
    const clips = attachedClipIdsText(options.files?.get(m.message_id)?.clips ?? []);
    const text = clips ? `${m.text}\n\n${clips}` : m.text;
    const content = context ? `${context}\n\n${text}` : text;
    const images = options.files?.get(m.message_id)?.images ?? [];
    let tokens = estimateTokens(content);
    if (images.length === 0) return { turn: { role: 'user', content }, tokens };
    const parts: ChatContentPart[] = [{ type: 'text', text: content }];
    for (const image of images) {
      parts.push({ type: 'image', data: image.data, mediaType: image.mediaType });
      tokens += imageTokenCost(image, options.imageDetail);
    }
    const ids = attachedImageIdsText(images);
    if (ids) {
      parts.push({ type: 'text', text: ids });
      tokens += estimateTokens(ids);
    }
    return { turn: { role: 'user', content, parts }, tokens };
  });

  const { maxContextTokens } = options;
  if (!maxContextTokens) return turns.map((t) => t.turn);
  let budget = maxContextTokens;
  let start = turns.length;
  while (start > 0) {
    const cost = turns[start - 1]?.tokens ?? 0;
    if (cost > budget && start < turns.length) break;
    budget -= cost;
    start--;
  }
  return turns.slice(start).map((t) => t.turn);
}
