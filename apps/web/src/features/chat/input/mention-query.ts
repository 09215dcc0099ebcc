import { PROMPT_COMMAND_MAX_LENGTH } from '@confab/shared';

/** SPEC 5 and 9: the longest text a command ("@", "/" or "+") takes after its character. */
export const COMMAND_MAX_LENGTH = PROMPT_COMMAND_MAX_LENGTH;

/** A command being typed in the chat input ("@query", "/query", "+query"): where it sits and what follows its character. */
export interface MentionQuery {
  /** Index of the command's character. */
  start: number;
  /** Index just past the query (the caret). */
  end: number;
  query: string;
}

/**
 * The @ command the caret is in, if any: an "@" at the start of the text or after whitespace,
 * followed by up to `COMMAND_MAX_LENGTH` characters without whitespace up to the caret. An "@"
 * inside a word (an e-mail address) is not a command.
 *
 * @example findMentionQuery('ask @sim', 8) // { start: 4, end: 8, query: 'sim' }
 */
export function findMentionQuery(text: string, caret: number): MentionQuery | null {
  const before = text.slice(0, caret);
  const at = before.lastIndexOf('@');
  if (at < 0) return null;
  if (at > 0 && !/\s/.test(before.charAt(at - 1))) return null;
  const query = before.slice(at + 1);
  if (/\s/.test(query) || query.length > COMMAND_MAX_LENGTH) return null;
  return { start: at, end: caret, query };
}

/** The text without the "@query" (the choice it made is applied elsewhere). */
export function removeMentionQuery(text: string, mention: MentionQuery): string {
  return text.slice(0, mention.start) + text.slice(mention.end);
}

/**
 * The "/" or "+" command the caret is in, if any: `char` as the very first character of the text,
 * followed by up to `COMMAND_MAX_LENGTH` characters without whitespace up to the caret (LibreChat
 * opens these two only at the start of the input).
 *
 * @example findLeadingCommandQuery('/summ', 5, '/') // { start: 0, end: 5, query: 'summ' }
 */
export function findLeadingCommandQuery(text: string, caret: number, char: string): MentionQuery | null {
  if (caret < 1 || !text.startsWith(char)) return null;
  const query = text.slice(1, caret);
  if (/\s/.test(query) || query.length > COMMAND_MAX_LENGTH) return null;
  return { start: 0, end: caret, query };
}

/** The text with the command (its character and query) replaced by `insert`. */
export function replaceMentionQuery(text: string, mention: MentionQuery, insert: string): string {
  return text.slice(0, mention.start) + insert + text.slice(mention.end);
}
