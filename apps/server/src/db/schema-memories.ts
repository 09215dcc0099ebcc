/** A fact the user's memory keeps (migration 027): one value per key and user. */
export interface MemoriesTable {
  id: string;
  user_id: string;
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
