import type { PromptGroup, PromptType, PromptVersion } from '@confab/shared';
import type { PromptGroupsTable, PromptsTable } from '../../db/schema.js';

/** A group row with the text of its production version (null when it has none). */
export type PromptGroupRow = PromptGroupsTable & { production_prompt: string | null };
export type PromptRow = PromptsTable;

const parseStrings = (json: string): string[] => {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
};

export const rowProjectIds = (row: Pick<PromptGroupsTable, 'project_ids'>): string[] => parseStrings(row.project_ids);

/** LibreChat's TPromptGroup. A group without a command has no `command` key, as LibreChat leaves it. */
export function toPromptGroup(row: PromptGroupRow): PromptGroup {
  return {
    _id: row.id,
    name: row.name,
    numberOfGenerations: Number(row.number_of_generations),
    ...(row.command ? { command: row.command } : {}),
    oneliner: row.oneliner,
    category: row.category,
    projectIds: rowProjectIds(row),
    productionId: row.production_id,
    productionPrompt: row.production_prompt === null ? null : { prompt: row.production_prompt },
    author: row.author,
    authorName: row.author_name,
    isCollaborative: row.is_collaborative === 1,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** LibreChat's TPrompt, with the labels stored on the version. */
export function toPromptVersion(row: PromptRow): PromptVersion {
  return {
    _id: row.id,
    groupId: row.group_id,
    author: row.author,
    prompt: row.prompt,
    type: row.type as PromptType,
    labels: parseStrings(row.labels),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
