import { imageTokenCost, type ModelSettings } from '@confab/shared';
import type { ChatContentPart, ChatTurn } from '../../providers/types.js';
import type { MessageRow } from '../messages/messages.repo.js';
import { documentBudgetChars, documentContexts, type TurnFiles } from './file-context.js';

/** A rough token estimate (4 characters a token), enough to keep a prompt inside a window. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4) + 4;

export interface HistoryOptions {
  maxContextTokens?: number | null | undefined;
  imageDetail?: ModelSettings['imageDetail'];
  /** The loaded files of user messages, by message id (attached-files.ts). */
  files?: ReadonlyMap<string, TurnFiles> | undefined;
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
  const kept = path.filter((m) => m.error !== 1 && m.text.trim() !== '');
  const newestFirst = kept
    .filter((m) => m.is_created_by_user === 1)
    .reverse()
    .map((m) => ({ messageId: m.message_id, documents: options.files?.get(m.message_id)?.documents ?? [] }));
  const contexts = documentContexts(newestFirst, documentBudgetChars(options.maxContextTokens));

  const turns: CostedTurn[] = kept.map((m) => {
    if (m.is_created_by_user !== 1)
      return { turn: { role: 'assistant', content: m.text }, tokens: estimateTokens(m.text) };
    const context = contexts.get(m.message_id);
    const content = context ? `${context}\n\n${m.text}` : m.text;
    const images = options.files?.get(m.message_id)?.images ?? [];
    let tokens = estimateTokens(content);
    if (images.length === 0) return { turn: { role: 'user', content }, tokens };
    const parts: ChatContentPart[] = [{ type: 'text', text: content }];
    for (const image of images) {
      parts.push({ type: 'image', data: image.data, mediaType: image.mediaType });
      tokens += imageTokenCost(image, options.imageDetail);
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
