import type { Message } from '@confab/shared';
import { partsOf } from '../stream/stream-reducer';

/** Rows a conversation paints first at one end: more than the tallest screen holds (a row is 80 px or more). */
const FIRST_ROWS = 16;

/**
 * The markdown of the rows a conversation shows when it opens (its end, or its start with the
 * General tab's auto scroll off): what use-markdown-ready.ts waits for. A message's text and its
 * text parts (a reply's error keeps part of its text).
 */
export function firstPaintTexts(branch: readonly Message[], opensAtEnd: boolean): string[] {
  const rows = opensAtEnd ? branch.slice(-FIRST_ROWS) : branch.slice(0, FIRST_ROWS);
  return rows.flatMap((message) => [
    message.text,
    ...partsOf(message).flatMap((part) => (part.type === 'text' ? [part.text] : [])),
  ]);
}
