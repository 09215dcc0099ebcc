import {
  PROMPT_GROUPS_PAGE_SIZE,
  PROMPT_LABEL_MAX_LENGTH,
  PROMPT_LABELS_MAX,
  PROMPT_SYSTEM_CATEGORIES,
  promptCommandSchema,
  type PromptGroup,
  type PromptVersion,
} from '@confab/shared';
import type { PromptGroupsFilter } from './prompts-api';

/** What the library's list shows: a category filter (a stored category or a system one), a name search, a page. */
export interface PromptListState {
  category: string;
  name: string;
  /** 1-based. */
  pageNumber: number;
}

/** The filters offered before the stored categories, in LibreChat's order. */
export const SYSTEM_FILTERS = [
  PROMPT_SYSTEM_CATEGORIES.ALL,
  PROMPT_SYSTEM_CATEGORIES.MY_PROMPTS,
  PROMPT_SYSTEM_CATEGORIES.SHARED_PROMPTS,
  PROMPT_SYSTEM_CATEGORIES.NO_CATEGORY,
] as const;

/**
 * The query of GET /api/prompts/groups for what the list shows. "All" is no category at all
 * (LibreChat's client sends '' for it); the other system filters go as they are.
 */
export function toGroupsFilter(state: PromptListState, pageSize = PROMPT_GROUPS_PAGE_SIZE): PromptGroupsFilter {
  const name = state.name.trim();
  const category = state.category === PROMPT_SYSTEM_CATEGORIES.ALL ? '' : state.category;
  return {
    pageNumber: Math.max(1, Math.floor(state.pageNumber) || 1),
    pageSize,
    ...(name ? { name } : {}),
    ...(category ? { category } : {}),
  };
}

/** The server's page count as a number (LibreChat answers strings); at least 1. */
export function pageCountOf(pages: string | number | undefined): number {
  const count = Number(pages);
  return Number.isFinite(count) && count >= 1 ? Math.floor(count) : 1;
}

/** Whether the group is shared with every user (the instance project is among its projects). */
export function isSharedGlobally(group: Pick<PromptGroup, 'projectIds'>, instanceProjectId: string): boolean {
  return (group.projectIds ?? []).includes(instanceProjectId);
}

/**
 * What the signed-in user may do with a group: its author manages it (details, sharing,
 * deletion), and so does an administrator once it is shared; anyone with CREATE may add versions
 * to a group they manage, or to another's that its author opened to collaborators. Everyone else
 * reads it.
 */
export function promptAccess(
  group: Pick<PromptGroup, 'author' | 'isCollaborative'> & { isShared?: boolean },
  options: { userId: string | undefined; canCreate: boolean; isAdmin?: boolean },
): { isAuthor: boolean; canManage: boolean; canEditText: boolean } {
  const isAuthor = !!options.userId && group.author === options.userId;
  const canManage = options.canCreate && (isAuthor || (options.isAdmin === true && group.isShared === true));
  return { isAuthor, canManage, canEditText: canManage || (options.canCreate && group.isCollaborative === true) };
}

/** Version numbers, oldest = 1, for a list the server answers newest first. */
export function versionNumbers(versions: readonly Pick<PromptVersion, '_id' | 'createdAt'>[]): Map<string, number> {
  const oldestFirst = [...versions].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  return new Map(oldestFirst.map((v, index) => [v._id, index + 1]));
}

/** Versions newest first (the server's order, enforced for the history list). */
export function sortVersionsNewestFirst<T extends Pick<PromptVersion, 'createdAt'>>(versions: readonly T[]): T[] {
  return [...versions].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}

export type LabelError = 'empty' | 'too_long' | 'duplicate' | 'too_many' | 'reserved';

/** Adds a label to a version's labels, or says why not ("production" is the server's own tag). */
export function addLabel(labels: readonly string[], raw: string): { labels: string[] } | { error: LabelError } {
  const label = raw.trim();
  if (!label) return { error: 'empty' };
  if (label.length > PROMPT_LABEL_MAX_LENGTH) return { error: 'too_long' };
  if (label.toLowerCase() === 'production') return { error: 'reserved' };
  if (labels.some((l) => l.toLowerCase() === label.toLowerCase())) return { error: 'duplicate' };
  if (labels.length >= PROMPT_LABELS_MAX) return { error: 'too_many' };
  return { labels: [...labels, label] };
}

export function removeLabel(labels: readonly string[], label: string): string[] {
  return labels.filter((l) => l !== label);
}

/** The labels a user edits: all but the `production` tag the server keeps on the production version. */
export function editableLabels(labels: readonly string[] | undefined): string[] {
  return (labels ?? []).filter((l) => l !== 'production');
}

export type CommandError = 'too_long' | 'invalid';

/** Live check of the slash command field (SPEC 5): '' is fine (no command). */
export function validateCommand(value: string): CommandError | null {
  const result = promptCommandSchema.safeParse(value);
  if (result.success) return null;
  return result.error.issues.some((issue) => issue.code === 'too_big') ? 'too_long' : 'invalid';
}
