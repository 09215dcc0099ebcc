/** An email change waiting for the link mailed to the new address (migration 025). */
export interface EmailChangesTable {
  id: string;
  user_id: string;
  new_email: string;
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}
