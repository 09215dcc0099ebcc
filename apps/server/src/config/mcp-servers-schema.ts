import { z } from 'zod';

/**
 * `mcpServers` of the YAML config, in LibreChat's shape (librechat-data-provider's mcp.ts):
 * stdio (a command the administrator writes), sse, streamable-http (alias http) and websocket.
 * `${VAR}` references are resolved by the config loader before this schema runs; `{{…}}`
 * placeholders (the user's id, email, customUserVars) are filled per user at connect time.
 * MCP OAuth, OBO token exchange and user-defined servers are not offered: a config that asks
 * for them is refused at start-up rather than connecting without the auth it expects.
 */
const isWs = (url: string): boolean => /^wss?:/i.test(url);

const customUserVarSchema = z.object({ title: z.string(), description: z.string() }).strict();

const baseShape = {
  title: z
    .string()
    .regex(/^[a-zA-Z0-9 ]+$/, 'Title can only contain letters, numbers, and spaces')
    .optional(),
  description: z.string().optional(),
  startup: z.boolean().optional(),
  iconPath: z.string().optional(),
  /** Milliseconds a tool call may take. */
  timeout: z.number().int().nonnegative().optional(),
  sseReadTimeout: z.number().int().positive().optional(),
  /** Milliseconds connecting and initializing may take. */
  initTimeout: z.number().int().nonnegative().optional(),
  chatMenu: z.boolean().optional(),
  /** true: the server's own instructions; a string: these instead. */
  serverInstructions: z.union([z.boolean(), z.string()]).optional(),
  /** An API key sent as a header: the administrator's (`key`) or each user's (asked once, kept encrypted). */
  apiKey: z
    .object({
      key: z.string().optional(),
      source: z.enum(['admin', 'user']),
      authorization_type: z.enum(['basic', 'bearer', 'custom']),
      custom_header: z.string().optional(),
    })
    .strict()
    .optional(),
  /** Values each user supplies (`{{NAME}}` in url, headers or env), asked once and kept encrypted. */
  customUserVars: z.record(z.string().regex(/^[A-Za-z0-9_]+$/, 'customUserVars names are letters, digits and _'), customUserVarSchema).optional(),
  requiresOAuth: z.literal(false).optional(),
};

const urlOf = (check: (url: string) => boolean, message: string) =>
  z
    .string()
    .refine((v) => URL.canParse(v.replace(/\{\{[A-Za-z0-9_]+\}\}/g, 'x')), 'Invalid URL')
    .refine(check, message);

const stdioSchema = z
  .object({
    ...baseShape,
    type: z.literal('stdio'),
    command: z.string().min(1),
    args: z.array(z.string()).default([]),
    env: z.record(z.string(), z.string()).optional(),
    stderr: z.union([z.enum(['pipe', 'ignore', 'inherit']), z.number().int().nonnegative()]).optional(),
  })
  .strict();

const websocketSchema = z
  .object({ ...baseShape, type: z.literal('websocket'), url: urlOf(isWs, 'WebSocket URL must start with ws:// or wss://') })
  .strict();

const sseSchema = z
  .object({
    ...baseShape,
    type: z.literal('sse'),
    url: urlOf((v) => !isWs(v), 'SSE URL must not start with ws:// or wss://'),
    headers: z.record(z.string(), z.string()).optional(),
  })
  .strict();

const streamableHttpSchema = z
  .object({
    ...baseShape,
    type: z.literal('streamable-http'),
    url: urlOf((v) => !isWs(v), 'Streamable HTTP URL must not start with ws:// or wss://'),
    headers: z.record(z.string(), z.string()).optional(),
  })
  .strict();

/**
 * LibreChat infers the type: a command is stdio, a ws(s) URL a websocket, any other URL SSE;
 * `http` means streamable-http.
 */
function inferType(raw: unknown, ctx: z.RefinementCtx): unknown {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return raw;
  const server = { ...(raw as Record<string, unknown>) };
  for (const key of ['oauth', 'oauth_headers', 'obo']) {
    if (key in server) {
      ctx.addIssue({ code: 'custom', path: [key], message: `MCP ${key} is not supported: give the server's credentials in headers or apiKey` });
      delete server[key];
    }
  }
  if (server.type === 'http') return { ...server, type: 'streamable-http' };
  if (server.type !== undefined) return server;
  if (typeof server.command === 'string') return { ...server, type: 'stdio' };
  if (typeof server.url === 'string') return { ...server, type: isWs(server.url) ? 'websocket' : 'sse' };
  return server;
}

export const mcpServerSchema = z.preprocess(
  inferType,
  z.discriminatedUnion('type', [stdioSchema, websocketSchema, sseSchema, streamableHttpSchema]),
);
export type McpServerConfig = z.infer<typeof mcpServerSchema>;

export const mcpServersSchema = z.record(
  z.string().regex(/^[A-Za-z0-9_. -]+$/, 'MCP server names are letters, digits, space, dot, _ and -'),
  mcpServerSchema,
);
export type McpServersConfig = z.infer<typeof mcpServersSchema>;
