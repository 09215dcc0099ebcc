import { TEXT_LIMITS } from '@confab/shared';
import type { ConversationTag } from './bookmarks-api';

export interface BookmarkDraft {
  tag: string;
  description: string;
}

export type BookmarkFieldError = 'tag_required' | 'tag_too_long' | 'tag_not_unique' | 'description_too_long';

/**
 * SPEC 5, Bookmark tag: required, at most 128 characters, unique ("tag must be unique");
 * description at most 1048. `original` is the tag being edited (it may keep its own name).
 */
export function validateBookmark(
  draft: BookmarkDraft,
  existing: readonly Pick<ConversationTag, 'tag'>[],
  original?: string,
): { tag?: BookmarkFieldError; description?: BookmarkFieldError } {
  const errors: { tag?: BookmarkFieldError; description?: BookmarkFieldError } = {};
  const tag = draft.tag.trim();
  if (!tag) errors.tag = 'tag_required';
  else if (tag.length > TEXT_LIMITS.tagMax) errors.tag = 'tag_too_long';
  else if (tag !== original && existing.some((t) => t.tag === tag)) errors.tag = 'tag_not_unique';
  if (draft.description.length > TEXT_LIMITS.tagDescriptionMax) errors.description = 'description_too_long';
  return errors;
}

/** SPEC 5: saving unchanged values does nothing. */
export function isUnchanged(
  draft: BookmarkDraft,
  original: Pick<ConversationTag, 'tag' | 'description'> | undefined,
): boolean {
  return (
    !!original && draft.tag.trim() === original.tag && draft.description.trim() === (original.description ?? '').trim()
  );
}

/** Moves one item in a list (drag and drop, move up/down); positions follow the new order. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || from >= list.length || to < 0 || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

/** A tag list after a rename or delete, applied to a conversation's tags. */
export function renameInTags(tags: readonly string[], from: string, to: string | null): string[] {
  const next = tags.flatMap((t) => (t === from ? (to === null ? [] : [to]) : [t]));
  return [...new Set(next)];
}

/** Toggles one tag in a conversation's list, keeping the order of the others. */
export function toggleTag(tags: readonly string[], tag: string): string[] {
  return tags.includes(tag) ? tags.filter((t) => t !== tag) : [...tags, tag];
}
