import { z } from 'zod';
import type { Conversation, Message } from './chat.js';
import { TEXT_LIMITS } from './constants.js';

/** Conversation list paging (GET /api/convos). */
export const CONVERSATION_LIST_LIMITS = { defaultLimit: 25, maxLimit: 100 } as const;
/** Longest search text the server looks at; the rest is ignored, never refused. */
export const SEARCH_QUERY_MAX_CHARS = 1000;

export const CONVERSATION_SORT_FIELDS = ['updatedAt', 'createdAt', 'title'] as const;
export type ConversationSortBy = (typeof CONVERSATION_SORT_FIELDS)[number];
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

const uuid = z.string().uuid();
const queryFlag = z.enum(['true', 'false']);
/** Longer text is cut to SEARCH_QUERY_MAX_CHARS: a pasted paragraph searches, it does not fail. */
export const searchText = z.string().transform((v) => v.slice(0, SEARCH_QUERY_MAX_CHARS));
const oneOrMany = z.union([z.string().max(TEXT_LIMITS.tagMax * 10), z.array(z.string().max(TEXT_LIMITS.tagMax)).max(100)]);

/**
 * Query of GET /api/convos. `tags` may repeat (`tags=a&tags=b`, also `tags[]=`); a single value
 * holding commas matches the whole value or any of its parts, so `tags=a,b` works as a list
 * while a tag whose name holds a comma can still be asked for.
 */
export const listConversationsQuerySchema = z
  .object({
    cursor: z.string().max(1024).optional(),
    limit: z.coerce.number().int().min(1).max(CONVERSATION_LIST_LIMITS.maxLimit).default(CONVERSATION_LIST_LIMITS.defaultLimit),
    isArchived: queryFlag.optional().transform((v) => v === 'true'),
    sortBy: z.enum(CONVERSATION_SORT_FIELDS).default('updatedAt'),
    sortDirection: z.enum(SORT_DIRECTIONS).default('desc'),
    search: searchText.optional(),
    tags: oneOrMany.optional(),
    'tags[]': oneOrMany.optional(),
  })
  .transform(({ 'tags[]': bracketTags, tags, ...rest }) => ({ ...rest, tags: tagFilterValues(tags, bracketTags) }));
export type ListConversationsQuery = z.output<typeof listConversationsQuerySchema>;

function tagFilterValues(...inputs: (string | string[] | undefined)[]): string[] {
  const values = new Set<string>();
  for (const input of inputs) {
    if (input === undefined) continue;
    if (Array.isArray(input)) {
      for (const v of input) if (v.trim()) values.add(v.trim());
      continue;
    }
    if (input.trim()) values.add(input.trim());
    for (const part of input.split(',')) if (part.trim()) values.add(part.trim());
  }
  return [...values];
}

export interface ConversationListPage {
  conversations: Conversation[];
  nextCursor: string | null;
}

export const updateConversationSchema = z.object({
  arg: z.object({
    conversationId: uuid,
    title: z.string().trim().max(TEXT_LIMITS.renameMax, `Title must be at most ${TEXT_LIMITS.renameMax} characters`).optional(),
    isArchived: z.boolean().optional(),
  }),
});

const deleteArg = z.object({
  conversationId: uuid,
  source: z.string().max(64).optional(),
  thread_id: z.string().max(256).nullish(),
  endpoint: z.string().max(128).nullish(),
});
/** DELETE /api/convos: LibreChat clients send `{arg}` or, through axios' `data`, `{data: {arg}}`. */
export const deleteConversationSchema = z
  .union([z.object({ arg: deleteArg }), z.object({ data: z.object({ arg: deleteArg }) })])
  .transform((body) => ('arg' in body ? body.arg : body.data.arg));

/**
 * POST /api/convos/clear, the route LibreChat clients before v0.7.8 delete with: `{arg}` naming a
 * conversation deletes it; an empty `{arg: {}}` is their "clear all conversations".
 */
export const clearConversationsSchema = z.object({ arg: deleteArg.partial({ conversationId: true }) });

export interface DeleteConversationsResult {
  acknowledged: true;
  deletedCount: number;
  messages: { acknowledged: true; deletedCount: number };
}

export const duplicateConversationSchema = z.object({
  conversationId: uuid,
  title: z.string().trim().min(1).max(TEXT_LIMITS.renameMax, `Title must be at most ${TEXT_LIMITS.renameMax} characters`).optional(),
});

export const FORK_OPTIONS = ['directPath', 'includeBranches', 'targetLevel'] as const;
export type ForkOption = (typeof FORK_OPTIONS)[number];

/** POST /api/convos/fork. LibreChat's `default` (and an empty option) mean targetLevel. */
export const forkConversationSchema = z
  .object({
    conversationId: uuid,
    messageId: uuid,
    option: z
      .enum([...FORK_OPTIONS, 'default', ''])
      .optional()
      .transform((v): ForkOption => (v === undefined || v === '' || v === 'default' ? 'targetLevel' : v)),
    splitAtTarget: z.boolean().optional().default(false),
    latestMessageId: uuid.optional(),
  })
  .refine((v) => !v.splitAtTarget || v.latestMessageId, {
    path: ['latestMessageId'],
    message: 'latestMessageId is required when splitting at the target',
  });
export type ForkConversationInput = z.output<typeof forkConversationSchema>;

export interface ConversationWithMessages {
  conversation: Conversation;
  messages: Message[];
}

/** GET /api/search. */
export const searchQuerySchema = z.object({
  q: searchText.optional().default(''),
  cursor: z.string().max(1024).optional(),
  limit: z.coerce.number().int().min(1).max(CONVERSATION_LIST_LIMITS.maxLimit).default(CONVERSATION_LIST_LIMITS.defaultLimit),
});

export interface SearchResultMessage extends Message {
  searchResult: true;
  title?: string;
}

export interface SearchResultPage {
  conversations: Conversation[];
  messages: SearchResultMessage[];
  nextCursor: string | null;
}
