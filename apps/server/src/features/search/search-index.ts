import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import type { Db, Dialect } from '../../db/database.js';
import { createPostgresSearchIndex } from './postgres-search.js';
import { createSqliteSearchIndex } from './sqlite-search.js';

export interface MessageSearchPage {
  /** Ids of the matching messages, newest first. */
  messageIds: string[];
  nextCursor: string | null;
}

/**
 * At most this many matching messages, and a search answers "which conversations match" with
 * the complete list of them; with more, callers walk their list and ask per chunk instead.
 */
export const FEW_MATCHES = 3000;

/**
 * Full-text search over message text and conversation titles, one interface over SQLite FTS5
 * and PostgreSQL text search. There is no "index this message" call: triggers keep the index in
 * step with every write (migration 003), so no write path can forget it.
 *
 * `terms` come from `extractSearchTerms`: plain words, all required, each matched as a prefix.
 * Every method is scoped to one owner.
 */
export interface SearchIndex {
  /**
   * Brings the index up to every committed write (SQLite queues them, migration 007). The
   * async methods below do it themselves; `titleMatches` reads the index as it stands.
   */
  catchUp(): Promise<void>;
  searchMessages(userId: string, terms: readonly string[], options: { cursor?: string | undefined; limit: number }): Promise<MessageSearchPage>;
  /** A predicate on `conversations.conversation_id`: the title matches (after `catchUp`). */
  titleMatches(userId: string, terms: readonly string[]): Expression<SqlBool>;
  /**
   * The owner's conversations whose title or any message matches, when no more than FEW_MATCHES
   * messages match (the complete answer); undefined when more do.
   */
  matchingConversationsIfFew(userId: string, terms: readonly string[]): Promise<string[] | undefined>;
  /** Which of these conversations (the owner's) have a matching title or message. */
  filterConversations(userId: string, terms: readonly string[], conversationIds: readonly string[]): Promise<Set<string>>;
}

export interface SearchTuning {
  fewMatches?: number;
  /** PostgreSQL: how many of the newest messages are tested in order before the GIN index is asked. */
  newestWindow?: number;
}

/** The tuning is for tests, to drive every strategy on small data. */
export function createSearchIndex(db: Db, tuning: SearchTuning = {}): SearchIndex {
  const fewMatches = tuning.fewMatches ?? FEW_MATCHES;
  return db.dialect === 'postgres'
    ? createPostgresSearchIndex(db.kysely, fewMatches, tuning.newestWindow)
    : createSqliteSearchIndex(db.kysely, fewMatches);
}

/**
 * `column IN (ids)` with the whole list bound as one parameter, so a list of thousands neither
 * hits the bound-parameter caps nor makes a new statement per length.
 */
export function idIn(dialect: Dialect, column: RawBuilder<unknown> | Expression<unknown>, ids: readonly string[]): Expression<SqlBool> {
  if (dialect === 'postgres') return sql<SqlBool>`${column} = any(${[...ids]}::text[])`;
  return sql<SqlBool>`${column} in (select value from json_each(${JSON.stringify(ids)}))`;
}
