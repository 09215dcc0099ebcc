import { sql, type Expression, type SqlBool } from 'kysely';
import type { Dialect } from '../../db/database.js';

/**
 * A conversation's tags live in one place: the JSON list of names on its row (LibreChat's
 * `tags` field). These helpers read and query that list the same way on both dialects.
 */
export function parseTagList(json: string): string[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  } catch {
    return [];
  }
}

/** Names in order, first occurrence kept. */
export function uniqueTags(tags: readonly string[]): string[] {
  return [...new Set(tags)];
}

/** A predicate on `conversations.tags`: the list holds any of these names. */
export function hasAnyTag(dialect: Dialect, tags: readonly string[]): Expression<SqlBool> {
  const list = [...tags];
  if (dialect === 'postgres') return sql<SqlBool>`${sql.ref('conversations.tags')}::jsonb ?| ${list}::text[]`;
  return sql<SqlBool>`exists (select 1 from json_each(${sql.ref('conversations.tags')}) t where t.value in (${sql.join(list)}))`;
}

/** How many conversations gain (+) or lose (-) each tag when lists change from `before` to `after`. */
export function tagCountDeltas(changes: readonly { before: readonly string[]; after: readonly string[] }[]): Map<string, number> {
  const deltas = new Map<string, number>();
  const add = (tag: string, n: number) => deltas.set(tag, (deltas.get(tag) ?? 0) + n);
  for (const { before, after } of changes) {
    const old = new Set(before);
    const next = new Set(after);
    for (const tag of next) if (!old.has(tag)) add(tag, 1);
    for (const tag of old) if (!next.has(tag)) add(tag, -1);
  }
  for (const [tag, n] of deltas) if (n === 0) deltas.delete(tag);
  return deltas;
}
