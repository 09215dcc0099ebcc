import type { ChatTurn } from '../../providers/types.js';
import type { MessageRow } from '../messages/messages.repo.js';

/** A rough token estimate (4 characters a token), enough to keep a prompt inside a window. */
export const estimateTokens = (text: string): number => Math.ceil(text.length / 4) + 4;

/**
 * Turns the branch of messages into model turns. Error replies are left out (they are our
 * notices, not the model's words). With `maxContextTokens`, the oldest turns are dropped
 * until the rest fits, always keeping the newest turn.
 */
export function buildHistory(path: MessageRow[], maxContextTokens?: number | null): ChatTurn[] {
  const turns: ChatTurn[] = path
    .filter((m) => m.error !== 1 && m.text.trim() !== '')
    .map((m) => ({ role: m.is_created_by_user === 1 ? 'user' : 'assistant', content: m.text }));
  if (!maxContextTokens) return turns;
  let budget = maxContextTokens;
  let start = turns.length;
  while (start > 0) {
    const cost = estimateTokens(turns[start - 1]!.content);
    if (cost > budget && start < turns.length) break;
    budget -= cost;
    start--;
  }
  return turns.slice(start);
}
