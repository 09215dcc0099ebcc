import { z } from 'zod';
import { memeImageArgsSchema, MEME_TEMPLATE_SCOPES, type MemeTemplate } from './memes.js';

/**
 * Issue 39's routes around memes: the editor's save, the template library (search, an
 * administrator's and a user's own templates) and public links to one meme. The tools' own
 * arguments and outputs are in memes.ts.
 */

/**
 * POST /api/memes/edits: a meme made in the editor. With `messageId` (and the `toolCallId` of the
 * meme it started from) it is added to that reply as one more create_meme_image call after the
 * original, which is kept; without, from the gallery, it is a new message of the user's at the
 * end of the conversation (`parentMessageId`, the message it follows).
 */
export const memeEditBodySchema = z
  .object({
    conversationId: z.string().min(1).max(64),
    messageId: z.string().min(1).max(256).optional(),
    toolCallId: z.string().min(1).max(256).optional(),
    parentMessageId: z.string().min(1).max(256).optional(),
    args: memeImageArgsSchema,
  })
  .strict();
export type MemeEditBody = z.input<typeof memeEditBodySchema>;

/** The answer: the message as it now is (LibreChat's TMessage shape) and the call that was added. */
export interface MemeEditResponse {
  message: Record<string, unknown>;
  toolCallId: string;
  fileId: string;
}

/** GET /api/memes/templates?search=&mode=: words by default; `auto` ranks by meaning where an embedding model is configured. */
export const memeTemplateSearchSchema = z.object({
  search: z.string().trim().max(300).optional(),
  mode: z.enum(['words', 'auto']).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/** POST /api/memes/templates: a picture the user stored (`fileId`, an image) made a template. `global` is for administrators. */
export const memeTemplateCreateSchema = z
  .object({
    fileId: z.string().min(1).max(256),
    name: z.string().trim().min(1).max(80),
    description: z.string().trim().max(1000).default(''),
    keywords: z.array(z.string().trim().min(1).max(40)).max(20).default([]),
    boxes: memeImageArgsSchema.shape.captionsBoxes,
    layout: memeImageArgsSchema.shape.layout,
    scope: z.enum(MEME_TEMPLATE_SCOPES).exclude(['builtin']).default('personal'),
  })
  .strict();
export type MemeTemplateCreateBody = z.input<typeof memeTemplateCreateSchema>;

export interface MemeTemplatesResponse {
  templates: MemeTemplate[];
  /** How the list was ranked: `auto` only when an embedding model answered. */
  mode: 'words' | 'auto' | 'all';
}

/** POST /api/memes/links {fileId}: a public link to one meme (image or video), not its conversation. */
export const memeLinkCreateSchema = z.object({ fileId: z.string().min(1).max(256) }).strict();

export interface MemeLink {
  id: string;
  fileId: string;
  /** The public page's absolute URL (DOMAIN_CLIENT), for copying. */
  url: string;
  createdAt: string;
}

export interface MemeLinksResponse {
  links: MemeLink[];
}
