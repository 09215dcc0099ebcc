import type { MessageFile, ReplyAttachment, Role } from '@confab/shared';
import type { FastifyBaseLogger } from 'fastify';

/**
 * One tool registry, one loop (ARCHITECTURE.md, "Tools, files and money"). Every tool — built-in
 * (file_search, memes, code, web fetch), an MCP server's, an OpenAPI action's — is adapted into
 * this shape, and the agent chat runs one AI SDK tool loop over them. A feature adds tools; it
 * never adds a loop.
 */

/** What a tool run knows of its call: who, where, and the signal that stops it (abort, timeout). */
export interface ToolContext {
  userId: string;
  conversationId: string;
  /** The reply being generated. */
  messageId: string;
  agentId?: string | undefined;
  /** The tool call's id (the model's), for attachments and progress. */
  toolCallId: string;
  signal: AbortSignal;
  log: FastifyBaseLogger;
  /** The user's stored credentials for this tool (decrypted), when it declares `auth`. */
  credentials?: Record<string, string> | undefined;
  /** Reports how much of a long run is done (0 to 1); the chat shows it on the call while it runs. */
  reportProgress?: ((fraction: number) => void) | undefined;
}

/** What a tool returns: content parts, the text of which is fed back to the model. */
export type ToolOutputPart =
  | { type: 'text'; text: string }
  /** An image shown in the chat (and, for vision models, fed back as an image). */
  | { type: 'image'; url: string; mediaType?: string | undefined }
  /** A stored file the tool made or found (attachments on the reply). */
  | { type: 'file'; file: MessageFile }
  /** A video the tool made (memes). */
  | { type: 'video'; url: string };

export interface ToolOutput {
  parts: ToolOutputPart[];
  /** The tool failed: its text explains why, and the model is told so. */
  isError?: boolean | undefined;
  /**
   * Files the tool made and stored as the user's, attached to the reply under this call
   * (LibreChat's attachments: a code run's figures and CSVs). The model reads of them only what
   * the text says.
   */
  attachments?: ReplyAttachment[] | undefined;
  /**
   * The user must sign in before the tool can run (an OAuth action without a token): the tool
   * call carries this link as LibreChat's `auth` (and `expires_at`, epoch seconds), which the UI
   * shows with the warning to allow only trusted sites.
   */
  signIn?: { url: string; expiresAt?: number | undefined } | undefined;
}

/** A credential field a tool asks the user for once (SPEC 3 Plugin/tool authConfig). */
export interface ToolAuthField {
  authField: string;
  label: string;
  description: string;
}

/** A JSON Schema object describing a tool's arguments (MCP and OpenAPI give these; zod 4 makes them). */
export type ToolInputSchema = { type: 'object'; properties?: Record<string, unknown>; required?: string[] } & Record<
  string,
  unknown
>;

export interface ToolDefinition {
  /** Unique in the registry; the name the model calls (`[a-zA-Z0-9_-]{1,64}`). */
  name: string;
  /** Shown to people in the builder and the plugin store. */
  displayName?: string | undefined;
  /** What the model is told: when and how to call the tool. Never shown as the tool's summary. */
  description: string;
  /**
   * A line for people (the builder's picker, the plugin store), as LibreChat's manifest
   * `description`; without one, the first sentence of `description` stands in.
   */
  descriptionForHuman?: string | undefined;
  inputSchema: ToolInputSchema;
  /** Where it came from, for grouping in the UI. */
  kind: 'builtin' | 'mcp' | 'action';
  /** The MCP server or action domain it belongs to. */
  group?: string | undefined;
  iconURL?: string | undefined;
  /** Credentials the user must supply before it runs. */
  auth?: ToolAuthField[] | undefined;
  /**
   * Whether a chat offers the tool to this user (a role permission, an agents capability the
   * config turns off); offered to everyone when absent. A chat that does not offer it cannot
   * call it; the tool still checks whatever it must when it runs.
   */
  isOfferedTo?(user: { id: string; role: Role }): Promise<boolean>;
  run(context: ToolContext, args: unknown): Promise<ToolOutput>;
}
