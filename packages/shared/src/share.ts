import { z } from 'zod';
import type { Message } from './chat.js';
import { LAYOUT } from './constants.js';
import { SEARCH_QUERY_MAX_CHARS } from './conversations.js';

/** Share ids are url-safe random strings; anything else cannot name a share. */
export const SHARE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;

/** One shared link as its owner sees it (POST, PATCH and the list). */
export interface SharedLink {
  shareId: string;
  conversationId: string;
  title: string;
  isPublic: boolean;
  createdAt: string;
  updatedAt: string;
}

/** A message on the public page: ids anonymised, no owner. */
export type SharedMessage = Omit<Message, 'usage'>;

/** GET /api/share/{shareId}: public; `conversationId` is an anonymised id, never the real one. */
export interface SharedConversation {
  shareId: string;
  title: string;
  isPublic: boolean;
  createdAt: string;
  updatedAt: string;
  conversationId: string;
  messages: SharedMessage[];
}

export interface SharedLinkStatus {
  success: boolean;
  shareId: string | null;
  conversationId: string;
}

export const SHARE_SORT_FIELDS = ['createdAt', 'updatedAt', 'title'] as const;

export const listSharedLinksQuerySchema = z.object({
  pageSize: z.coerce.number().int().min(1).max(100).default(LAYOUT.sharedLinkPageSize),
  isPublic: z.enum(['true', 'false']).optional().transform((v) => (v === undefined ? undefined : v === 'true')),
  sortBy: z.enum(SHARE_SORT_FIELDS).default('createdAt'),
  sortDirection: z.enum(['asc', 'desc']).default('desc'),
  search: z.string().transform((v) => v.slice(0, SEARCH_QUERY_MAX_CHARS)).optional(),
  cursor: z.string().max(1024).optional(),
});
export type ListSharedLinksQuery = z.output<typeof listSharedLinksQuerySchema>;

export interface SharedLinksPage {
  links: Pick<SharedLink, 'shareId' | 'title' | 'isPublic' | 'createdAt' | 'conversationId'>[];
  nextCursor: string | null;
  hasNextPage: boolean;
}

export interface DeleteSharedLinkResult {
  success: true;
  shareId: string;
  message: string;
}
