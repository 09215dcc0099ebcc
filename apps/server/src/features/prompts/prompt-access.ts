import { AppError } from '../../platform/errors.js';
import type { AuthUser } from '../auth/authenticate.js';
import type { PromptGroupsTable } from '../../db/schema.js';

type GroupAccessRow = Pick<PromptGroupsTable, 'author' | 'is_global' | 'is_collaborative'>;

/**
 * Who may do what with a prompt group (SPEC 6, LibreChat v0.7's projects). Seeing it: its author,
 * or anyone once it is shared with everyone; anything else is answered as if it did not exist (a
 * 404), so ids reveal nothing. Changing the group (name, command, sharing) or deleting it or a
 * version: the author, and administrators for a shared one. Adding versions, labelling them and
 * choosing production: the same, and anyone who sees it when the author made it collaborative.
 */
export const canViewGroup = (row: GroupAccessRow, user: Pick<AuthUser, 'id'>): boolean =>
  row.author === user.id || row.is_global === 1;
export const canManageGroup = (row: GroupAccessRow, user: AuthUser): boolean =>
  row.author === user.id || (row.is_global === 1 && user.role === 'ADMIN');
export const canAddVersions = (row: GroupAccessRow, user: AuthUser): boolean =>
  canManageGroup(row, user) || (row.is_global === 1 && row.is_collaborative === 1);

export const groupNotFound = (): AppError => new AppError('not_found', 'Prompt group not found');
export const promptNotFound = (): AppError => new AppError('not_found', 'Prompt not found');

/** The group, if the user may see it; a 404 otherwise. */
export function assertGroupVisible<R extends GroupAccessRow>(row: R | undefined, user: AuthUser): R {
  if (!row || !canViewGroup(row, user)) throw groupNotFound();
  return row;
}

export function assertCanManage(row: GroupAccessRow, user: AuthUser): void {
  if (!canManageGroup(row, user)) throw new AppError('forbidden', 'Only the author of this prompt group may change or delete it');
}

export function assertCanAddVersions(row: GroupAccessRow, user: AuthUser): void {
  if (!canAddVersions(row, user)) throw new AppError('forbidden', 'This shared prompt group is read-only: only its author may change it');
}
