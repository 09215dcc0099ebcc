/** One administrator's action (migration 023). `details` is a JSON object. */
export interface AdminAuditTable {
  id: string;
  actor_id: string | null;
  actor_label: string;
  action: string;
  target_type: string;
  target_id: string | null;
  target_label: string | null;
  details: string;
  created_at: string;
}

/** A banner (migration 024). `is_public` and `persistable` are 0 or 1. */
export interface BannersTable {
  id: string;
  message: string;
  display_from: string;
  display_to: string | null;
  is_public: number;
  persistable: number;
  created_by: string | null;
  created_at: string;
  updated_at: string;
}
