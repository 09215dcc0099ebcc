import { randomBytes } from 'node:crypto';
import { z } from 'zod';

const URL_SAFE = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-';

/** `agent_` + 21 url-safe characters, as LibreChat (nanoid) makes them; 64 symbols, so no bias. */
export function newAgentId(): string {
  const bytes = randomBytes(21);
  let id = 'agent_';
  for (const byte of bytes) id += URL_SAFE[byte & 63];
  return id;
}

export const AGENT_ID = /^agent_[A-Za-z0-9_-]{1,64}$/;

/** The instance project: an agent whose project ids hold it is shared with everyone (startup config's instanceProjectId). */
export const GLOBAL_PROJECT_ID = 'instance';

/** The most conversation starters an agent keeps (LibreChat's builder offers four). */
export const MAX_CONVERSATION_STARTERS = 4;

const text = (max: number) => z.string().max(max);
const parameterValue = z.union([z.number(), z.string().max(10_000), z.boolean(), z.null(), z.array(z.string().max(1000)).max(100)]);

/** A tool as LibreChat's client may send it: a name, or an OpenAI function tool whose name is used. */
const toolEntry = z.union([
  z.string().min(1).max(128),
  z.object({ function: z.object({ name: z.string().min(1).max(128) }) }).transform((t) => t.function.name),
]);

const fileIds = z.object({ file_ids: z.array(z.string().max(100)).max(1000).optional() });

/** Tool resources by tool; only the file ids are kept (the files themselves are looked up when read). */
const toolResources = z.object({
  file_search: fileIds.optional(),
  execute_code: fileIds.optional(),
  ocr: fileIds.optional(),
});
export type ToolResources = z.infer<typeof toolResources>;

/**
 * An avatar is one of this server's own pictures (a path from the avatar upload): another site's
 * URL would have every viewer's browser call it, and a `javascript:` one is worse.
 */
export const avatarSchema = z
  .object({ filepath: text(2000).regex(/^\/(?![/\\])/, 'must be a path on this server'), source: text(50) })
  .nullable();

/**
 * The writable fields of an agent. Unknown keys (author, id, user, createdAt…) are dropped by zod,
 * never written: the author is the caller, the id the server's.
 */
const agentFields = {
  name: text(256).nullable().optional(),
  description: text(4000).nullable().optional(),
  instructions: text(100_000).nullable().optional(),
  model: text(256).nullable().optional(),
  model_parameters: z.record(z.string().max(100), parameterValue).optional(),
  tools: z.array(toolEntry).max(200).optional(),
  tool_resources: toolResources.optional(),
  avatar: avatarSchema.optional(),
  conversation_starters: z.array(text(2000)).max(MAX_CONVERSATION_STARTERS).optional(),
  artifacts: text(50).nullable().optional(),
  recursion_limit: z.number().int().positive().max(10_000).nullable().optional(),
  /** The agent keeps its own memories of each user, apart from their general ones (issue 41). */
  memory: z.object({ enabled: z.boolean() }).strict().optional(),
  isCollaborative: z.boolean().optional(),
};

export const createAgentSchema = z.object({
  ...agentFields,
  provider: text(256).min(1),
  /** SHARED_GLOBAL: created shared with everyone. */
  projectIds: z.array(text(100)).max(100).optional(),
});
export type CreateAgentInput = z.infer<typeof createAgentSchema>;

export const updateAgentSchema = z.object({
  ...agentFields,
  provider: text(256).min(1).optional(),
  projectIds: z.array(text(100)).max(100).optional(),
  removeProjectIds: z.array(text(100)).max(100).optional(),
});
export type UpdateAgentInput = z.infer<typeof updateAgentSchema>;

/** LibreChat's PermissionBits for `requiredPermission` on the list. */
export const PERMISSION_BITS = { VIEW: 1, EDIT: 2, DELETE: 4, SHARE: 8 } as const;

export const listAgentsQuerySchema = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(100),
  /** The cursor of the page after (LibreChat sends `cursor` in newer clients, `after` in older). */
  after: text(500).optional(),
  cursor: text(500).optional(),
  order: z.enum(['asc', 'desc']).default('desc'),
  provider: text(256).optional(),
  requiredPermission: z.coerce.number().int().min(1).max(15).default(PERMISSION_BITS.VIEW),
  search: text(256).optional(),
});
export type ListAgentsQuery = z.infer<typeof listAgentsQuerySchema>;
