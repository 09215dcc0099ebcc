import type { ChatHistoryItem } from 'node-llama-cpp';
import type { ChatTurn } from '../types.js';

/** A turn's text: its text parts when it has parts (a local model here reads no images). */
function textOf(turn: ChatTurn): string {
  if (turn.segments) return turn.segments.map((s) => (s.type === 'text' ? s.text : '')).join('');
  if (turn.parts) return turn.parts.map((p) => (p.type === 'text' ? p.text : '')).join('');
  return turn.content;
}

/**
 * Our conversation as node-llama-cpp's chat history, which the model's own chat template (or a
 * general one when the file has none) turns into the prompt. A history that ends with an
 * assistant turn is a reply to continue: node-llama-cpp goes on from its text.
 */
export function toLlamaHistory(turns: ChatTurn[], systemPrompt: string): ChatHistoryItem[] {
  const history: ChatHistoryItem[] = systemPrompt ? [{ type: 'system', text: systemPrompt }] : [];
  for (const turn of turns) {
    const text = textOf(turn);
    if (turn.role === 'system') history.push({ type: 'system', text });
    else if (turn.role === 'user') history.push({ type: 'user', text });
    else history.push({ type: 'model', response: [text] });
  }
  return history;
}
