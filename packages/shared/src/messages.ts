import { z } from 'zod';
import { MAX_MESSAGE_TEXT, type ContentPart, type Message } from './chat.js';
import { SORT_DIRECTIONS, searchText } from './conversations.js';

/** Fields GET /api/messages can sort one conversation's messages by (LibreChat's). */
export const MESSAGE_SORT_FIELDS = ['createdAt', 'updatedAt', 'endpoint'] as const;
export type MessageSortField = (typeof MESSAGE_SORT_FIELDS)[number];

/** A page of GET /api/messages never holds more than this many messages (a larger pageSize is cut to it). */
export const MESSAGE_PAGE_MAX = 100;

const id = z.string().min(1).max(256);

/**
 * Query of GET /api/messages (LibreChat's messages query): one message (`conversationId` and
 * `messageId`), one conversation's messages a page at a time, or the caller's messages matching
 * `search`. Without any of these the answer is an empty page, as LibreChat's.
 */
export const listMessagesQuerySchema = z.object({
  conversationId: id.optional(),
  messageId: id.optional(),
  search: searchText.optional(),
  cursor: z.string().max(1024).optional(),
  pageSize: z.coerce
    .number()
    .int()
    .min(1)
    .default(25)
    .transform((n) => Math.min(n, MESSAGE_PAGE_MAX)),
  sortBy: z.enum(MESSAGE_SORT_FIELDS).default('updatedAt'),
  sortDirection: z.enum(SORT_DIRECTIONS).default('desc'),
});
export type ListMessagesQuery = z.output<typeof listMessagesQuerySchema>;

export interface MessagePage {
  /** Search hits also carry `searchResult: true` and their conversation's `title`. */
  messages: (Message & { searchResult?: true; title?: string })[];
  nextCursor: string | null;
}

/**
 * POST /api/messages/artifact/{messageId}: in the message's `index`-th artifact (counted from the
 * start of the message), `original` is replaced with `updated` (the artifact editor's save).
 */
export const editArtifactSchema = z.object({
  index: z.number().int().min(0).max(10_000),
  original: z.string().max(MAX_MESSAGE_TEXT),
  updated: z.string().max(MAX_MESSAGE_TEXT),
});

/** What an artifact edit answers: the message's new text and content. */
export interface EditArtifactResult {
  conversationId: string;
  text: string;
  content?: ContentPart[];
}

/** POST /api/tokenizer: `arg` is the text, or (as some LibreChat versions send) `{ text }`. */
export const tokenizerSchema = z.object({
  arg: z
    .union([z.string().max(MAX_MESSAGE_TEXT), z.object({ text: z.string().max(MAX_MESSAGE_TEXT) })])
    .transform((arg) => (typeof arg === 'string' ? arg : arg.text)),
});
