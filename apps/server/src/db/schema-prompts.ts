/** Saved prompts' tables (issue 36, migration 018); shapes as in schema.ts. */

export interface PromptGroupsTable {
  id: string;
  /** The user who made it; only they (or an administrator, once shared) edit or delete it. */
  author: string;
  /** The author's name when the group was made (LibreChat's `authorName`). */
  author_name: string;
  name: string;
  oneliner: string;
  /** A category value, '' for none. */
  category: string;
  /** The slash command, unique per author; null for none. */
  command: string | null;
  /** The version the "/" command inserts. */
  production_id: string | null;
  /** How many times the group was used (POST /api/prompts/groups/:id/use). */
  number_of_generations: number;
  /** JSON array of project ids; the instance project shares it with everyone. */
  project_ids: string;
  /** 1 when project_ids holds the instance project. */
  is_global: number;
  /** 1 when others who see it (shared) may add versions. */
  is_collaborative: number;
  created_at: string;
  updated_at: string;
}

/** One version of a prompt group. */
export interface PromptsTable {
  id: string;
  group_id: string;
  /** Who wrote this version (a collaborator, for a collaborative group). */
  author: string;
  prompt: string;
  /** 'text' or 'chat'. */
  type: string;
  /** JSON array of strings. */
  labels: string;
  created_at: string;
  updated_at: string;
}
