/**
 * Whether a database error is a unique or primary-key constraint refusing a duplicate (SQLite's
 * SQLITE_CONSTRAINT_UNIQUE / _PRIMARYKEY, PostgreSQL's 23505). A look-up before an insert cannot
 * rule one out when two requests race; the insert's own refusal is the answer that counts.
 */
export function isUniqueViolation(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
