/**
 * Table types. Both dialects store the same shapes: ids are text UUIDs, timestamps are
 * ISO-8601 UTC text (sortable as text), booleans are 0/1 integers and JSON is text.
 */
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
}
