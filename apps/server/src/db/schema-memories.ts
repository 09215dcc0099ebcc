/** A fact the user's memory keeps (migrations 027, 028): one value per key, user and scope. */
export interface MemoriesTable {
  id: string;
  user_id: string;
  /** The agent whose own memory it is (an agent configured for memory), or '' for the user's general memory. */
  agent_id: string;
  key: string;
  value: string;
  token_count: number;
  created_at: string;
  updated_at: string;
}

/** The user's own memory switch (LibreChat's `personalization.memories`); no row = on. */
export interface MemoryPreferencesTable {
  user_id: string;
  memories: number;
  updated_at: string;
}
