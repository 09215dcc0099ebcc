/**
 * Table types. Both dialects store the same shapes: ids are text UUIDs, timestamps are
 * ISO-8601 UTC text (sortable as text), booleans are 0/1 integers and JSON is text.
 */

import type {
  AuthTokensTable,
  PasskeysTable,
  UserIdentitiesTable,
  ViolationsTable,
  WebauthnChallengesTable,
} from './schema-account-security.js';
import type {
  BalancesTable,
  CheckoutSessionsTable,
  StripeCustomersTable,
  StripeEventsTable,
  SubscriptionsTable,
  TransactionsTable,
} from './schema-billing.js';
import type { MemeTemplatesTable } from './schema-meme-templates.js';
import type { AdminAuditTable, BannersTable } from './schema-admin.js';
import type { EmailChangesTable } from './schema-account-settings.js';
import type { PromptGroupsTable, PromptsTable } from './schema-prompts.js';
import type { MemoriesTable, MemoryPreferencesTable } from './schema-memories.js';

export type * from './schema-account-security.js';
export type * from './schema-billing.js';
export type * from './schema-prompts.js';
export type * from './schema-meme-templates.js';
export type * from './schema-admin.js';
export type * from './schema-account-settings.js';
export type * from './schema-memories.js';
export interface UsersTable {
  id: string;
  name: string;
  username: string;
  email: string;
  email_verified: number;
  password_hash: string | null;
  avatar: string | null;
  role: string;
  provider: string;
  two_factor_enabled: number;
  totp_secret: string | null;
  backup_codes: string;
  plugins: string;
  terms_accepted: number;
  banned_until: string | null;
  created_at: string;
  updated_at: string;
  /** The TOTP time step last accepted (migration 013): a code is accepted once. */
  totp_last_step: number | null;
  ban_reason: string | null;
}

export interface SessionsTable {
  id: string;
  user_id: string;
  family_id: string;
  token_hash: string;
  expires_at: string;
  created_at: string;
  /** Set when this token was exchanged; presenting it again is reuse. */
  rotated_at: string | null;
  revoked_at: string | null;
  user_agent: string | null;
}

export interface RolesTable {
  name: string;
  permissions: string;
  updated_at: string;
}

export interface ConversationsTable {
  conversation_id: string;
  user_id: string;
  title: string;
  endpoint: string | null;
  endpoint_type: string | null;
  model: string | null;
  /** JSON of the model settings (SPEC 3) last used in the conversation. */
  settings: string;
  is_archived: number;
  tags: string;
  expired_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface MessagesTable {
  message_id: string;
  conversation_id: string;
  user_id: string;
  parent_message_id: string;
  sender: string;
  text: string;
  /** JSON array of content parts, or null for plain-text messages. */
  content: string | null;
  is_created_by_user: number;
  model: string | null;
  endpoint: string | null;
  error: number;
  unfinished: number;
  finish_reason: string | null;
  token_count: number | null;
  usage: string | null;
  /**
   * JSON array of the files the message carries (shared messageFileSchema), or null for none.
   * Optional so that writers of messages without files need not name it.
   */
  files?: string | null;
  /**
   * 1 for a reply of the model the "+" added (LibreChat's `addedConvo`), else 0 (the column's
   * default). Optional so that writers of other messages need not name it.
   */
  added_convo?: number;
  /**
   * JSON array of a reply's attachments (shared MessageAttachment: files its tools made, each
   * with its call's toolCallId), or null for none. Optional so that other writers need not name it.
   */
  attachments?: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserKeysTable {
  user_id: string;
  /** The endpoint the key is for. */
  name: string;
  /** AES-256-GCM ciphertext of the key (or of a JSON object of fields). */
  value: string;
  expires_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface PresetsTable {
  preset_id: string;
  user_id: string;
  title: string;
  endpoint: string | null;
  endpoint_type: string | null;
  settings: string;
  default_preset: number;
  sort_order: number | null;
  created_at: string;
  updated_at: string;
}

export interface ConversationTagsTable {
  id: string;
  user_id: string;
  tag: string;
  description: string | null;
  count: number;
  position: number;
  created_at: string;
  updated_at: string;
}

export interface SharedLinksTable {
  share_id: string;
  conversation_id: string;
  user_id: string;
  title: string;
  is_public: number;
  /** JSON array of the message ids shared (those that existed when the link was made or refreshed). */
  message_ids: string;
  created_at: string;
  updated_at: string;
}

export interface FilesTable {
  file_id: string;
  /** The owner; every read filters by it. */
  user_id: string;
  conversation_id: string | null;
  message_id: string | null;
  /** The id the client gave the upload before the server answered. */
  temp_file_id: string | null;
  /** The original name, cleaned: data only, never part of a storage key or path. */
  filename: string;
  /** Where the API serves it: `/images/{userId}/{file_id}` or `/api/files/download/{userId}/{file_id}`. */
  filepath: string;
  /** Server-derived MIME type (extension and magic bytes, never the client's word alone). */
  type: string;
  bytes: number;
  width: number | null;
  height: number | null;
  /** The storage adapter that holds the bytes ('local' or 's3'). */
  source: string;
  context: string | null;
  storage_key: string;
  thumbnail_key: string | null;
  thumbnail_type: string | null;
  /** A document's extracted text for the model's context; never in list answers. */
  text: string | null;
  embedded: number;
  usage: number;
  tool_resource: string | null;
  /**
   * When a code run's file ends (ISO; SPEC 3 File: expiresAt), null for files that never do.
   * Optional so that writers of other files need not name it.
   */
  expires_at?: string | null;
  created_at: string;
  updated_at: string;
}

export interface AgentsTable {
  /** `agent_` + 21 url-safe characters, as LibreChat makes them. */
  id: string;
  /** The user who made it; only they may delete it or change its sharing. */
  author: string;
  name: string | null;
  description: string | null;
  instructions: string | null;
  provider: string;
  model: string | null;
  /** JSON object of model settings. */
  model_parameters: string;
  /** JSON array of tool names (registry names). */
  tools: string;
  /** JSON object, e.g. `{ file_search: { file_ids: [] } }`. */
  tool_resources: string;
  /** JSON array of action ids. */
  actions: string;
  /** JSON `{ filepath, source }` or null. */
  avatar: string | null;
  /** JSON array of up to 4 strings. */
  conversation_starters: string;
  artifacts: string | null;
  recursion_limit: number | null;
  /** 1: the agent keeps its own memories of each user (issue 41, migration 028). */
  memory_enabled?: number;
  is_collaborative: number;
  /** JSON array of project ids; the instance project shares it with everyone. */
  project_ids: string;
  /** 1 when project_ids holds the instance project. */
  is_global: number;
  created_at: string;
  updated_at: string;
}

export interface ToolCredentialsTable {
  user_id: string;
  /** The tool's plugin key (registry name), or an action/MCP server's credential key. */
  tool_key: string;
  /** AES-256-GCM ciphertext of a JSON object of auth fields. */
  value: string;
  created_at: string;
  updated_at: string;
}

/** A passage of a file's text with its embedding, for file_search (migration 011). */
export interface FileChunksTable {
  file_id: string;
  chunk_index: number;
  /** The file's owner; searches filter by it. */
  user_id: string;
  /** 1-based page of a paged document, or null. */
  page: number | null;
  /** Character offsets of the passage in files.text. */
  start_offset: number;
  end_offset: number;
  text: string;
  /** Little-endian float32 values (vector-math.ts). */
  embedding: Uint8Array;
  /** The embedding model that made the vector. */
  model: string;
  created_at: string;
}

export interface ToolCallsTable {
  id: string;
  user_id: string;
  conversation_id: string;
  message_id: string;
  tool_id: string;
  part_index: number | null;
  block_index: number | null;
  /** JSON of the tool's result. */
  result: string | null;
  /** JSON array of attachments (files the tool made). */
  attachments: string | null;
  created_at: string;
}

/** An OpenAPI action attached to an agent (LibreChat's Action). */
export interface ActionsTable {
  action_id: string;
  agent_id: string;
  /** The agent's author when the action was made. */
  user_id: string;
  /** JSON of ActionMetadata; api_key and oauth client id/secret encrypted. */
  metadata: string;
  created_at: string;
  updated_at: string;
}

/** A user's like or dislike of one meme slot (a message's tool call), migration 012. */
export interface MemeReactionsTable {
  user_id: string;
  conversation_id: string;
  message_id: string;
  tool_call_id: string;
  reaction: 'like' | 'dislike';
  created_at: string;
}

/** A public link to one meme (a file of its owner's), migration 021. */
export interface MemeLinksTable {
  /** The unguessable token in the public URL (`/m/<id>`). */
  id: string;
  user_id: string;
  file_id: string;
  /** The meme's alt text when it was shared. */
  alt_text: string;
  created_at: string;
}

/** An analytics event the web app reported (SPEC 7), migration 012. */
export interface AnalyticsEventsTable {
  id: string;
  /** Null once the user's account is gone. */
  user_id: string | null;
  event: string;
  /** The conversation the event is about, if any (kept after the chat is deleted). */
  chat_id: string | null;
  /** JSON object of flat properties (the beacon's `metadata`). */
  properties: string;
  created_at: string;
}

export interface ManagedEndpointsTable {
  id: string;
  name: string;
  family: string;
  base_url: string | null;
  api_key_encrypted: string | null;
  key_last4: string | null;
  /** JSON string[] */
  models: string;
  fetch_models: number;
  /** JSON: { titleConvo, azure?, bedrock? } */
  settings: string;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  roles: RolesTable;
  conversations: ConversationsTable;
  messages: MessagesTable;
  user_keys: UserKeysTable;
  presets: PresetsTable;
  conversation_tags: ConversationTagsTable;
  shared_links: SharedLinksTable;
  files: FilesTable;
  agents: AgentsTable;
  tool_credentials: ToolCredentialsTable;
  tool_calls: ToolCallsTable;
  file_chunks: FileChunksTable;
  actions: ActionsTable;
  meme_reactions: MemeReactionsTable;
  meme_links: MemeLinksTable;
  analytics_events: AnalyticsEventsTable;
  auth_tokens: AuthTokensTable;
  passkeys: PasskeysTable;
  webauthn_challenges: WebauthnChallengesTable;
  user_identities: UserIdentitiesTable;
  violations: ViolationsTable;
  balances: BalancesTable;
  transactions: TransactionsTable;
  stripe_customers: StripeCustomersTable;
  subscriptions: SubscriptionsTable;
  checkout_sessions: CheckoutSessionsTable;
  stripe_events: StripeEventsTable;
  managed_endpoints: ManagedEndpointsTable;
  prompt_groups: PromptGroupsTable;
  prompts: PromptsTable;
  meme_templates: MemeTemplatesTable;
  admin_audit: AdminAuditTable;
  banners: BannersTable;
  email_changes: EmailChangesTable;
  memories: MemoriesTable;
  memory_preferences: MemoryPreferencesTable;
}
