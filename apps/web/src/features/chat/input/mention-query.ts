/** SPEC 9: the longest text an @ command takes after its "@". */
export const COMMAND_MAX_LENGTH = 56;

/** An "@query" being typed in the chat input: where it sits and what follows the "@". */
export interface MentionQuery {
  /** Index of the "@". */
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
