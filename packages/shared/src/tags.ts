import { z } from 'zod';
import { TEXT_LIMITS } from './constants.js';

/** SPEC 9: the reserved bookmark every user starts with. */
export const SAVED_TAG = 'Saved';
/** Most tags one conversation may carry in one request. */
export const MAX_TAGS_PER_CONVERSATION = 100;
export const TAG_LIST_PAGE_SIZE = 25;

const tagName = z
  .string({ error: 'tag is required' })
  .trim()
  .min(1, 'tag is required')
  .max(TEXT_LIMITS.tagMax, `tag must be at most ${TEXT_LIMITS.tagMax} characters`);
const description = z
  .string()
  .max(TEXT_LIMITS.tagDescriptionMax, `description must be at most ${TEXT_LIMITS.tagDescriptionMax} characters`);

/** A conversation tag (bookmark) as the API returns it (LibreChat field names). */
export interface ConversationTag {
  _id: string;
  tag: string;
  description?: string | null;
  count: number;
  position: number;
  user: string;
  createdAt: string;
  updatedAt: string;
}

export const createTagSchema = z
  .object({
    tag: tagName,
    description: description.nullish(),
    addToConversation: z.boolean().optional().default(false),
    conversationId: z.string().uuid().optional(),
  })
  .refine((v) => !v.addToConversation || v.conversationId, { path: ['conversationId'], message: 'Invalid tag or conversationId' });
export type CreateTagInput = z.output<typeof createTagSchema>;

/** POST /api/tags answers the tag; `alreadyExists` says the name was taken and nothing new was made. */
export type CreateTagResult = ConversationTag & { alreadyExists: boolean };

export const updateTagSchema = z.object({
  tag: tagName.optional(),
  description: description.nullish(),
  position: z.number().int().min(0).max(100_000).optional(),
});
export type UpdateTagInput = z.output<typeof updateTagSchema>;

export const tagConversationSchema = z.object({
  tags: z.array(tagName).max(MAX_TAGS_PER_CONVERSATION),
});

export const TAG_SORT_FIELDS = ['position', 'tag', 'count', 'createdAt', 'updatedAt'] as const;
export const listTagsQuerySchema = z.object({
  pageNumber: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(TAG_LIST_PAGE_SIZE),
  sort: z.enum(TAG_SORT_FIELDS).default('position'),
  order: z.enum(['asc', 'desc']).default('asc'),
});
export type ListTagsQuery = z.output<typeof listTagsQuerySchema>;

export interface TagListPage {
  tags: ConversationTag[];
  pageNumber: number;
  pageSize: number;
  totalCount: number;
  totalPages: number;
}
