import type { ContentPart, Message } from './chat.js';

/** The text of a message's text parts, joined (reasoning, tool calls and errors are not its text). */
export function textOfParts(parts: readonly ContentPart[]): string {
  let text = '';
  for (const part of parts) if (part.type === 'text') text += part.text;
  return text;
}

/**
 * A message's text wherever it is kept: in its text parts when it has any (an agent's reply,
 * whose `text` is "" as LibreChat answers it), else in `text` (a user's message, a plain reply,
 * an agent reply stored before replies were always content parts). What copy, read aloud, edit,
 * export and search show.
 *
 * @example messageText({ text: '', content: [{ type: 'text', text: 'Hi' }] }) // 'Hi'
 */
export function messageText(message: Pick<Message, 'text' | 'content'>): string {
  const parts = message.content;
  if (parts?.some((part) => part.type === 'text')) return textOfParts(parts);
  return message.text;
}
