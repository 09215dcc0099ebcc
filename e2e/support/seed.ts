import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';

const NO_PARENT = '00000000-0000-0000-0000-000000000000';

/** The e2e server's data folder (written by start-e2e-server.ts). */
export function e2eDataDir(): string {
  return readFileSync(new URL('../.artifacts/data-dir', import.meta.url), 'utf8').trim();
}

export interface SeededConversation {
  conversationId: string;
  /** Message ids of the main chain, oldest first. */
  messageIds: string[];
  /** When `branchAt` was given: the id of the alternative sibling of messageIds[branchAt]. */
  branchId?: string;
}

/**
 * Inserts a conversation of `count` alternating user/assistant messages straight into the
 * e2e SQLite database (WAL makes this safe while the server runs). With `branchAt`, message
 * number `branchAt` (0-based) gets an older sibling with a short tail of its own.
 */
export function seedLongConversation(options: { userId: string; count: number; title?: string; branchAt?: number }): SeededConversation {
  const db = new Database(join(e2eDataDir(), 'confab.sqlite'));
  db.pragma('busy_timeout = 5000');
  const conversationId = randomUUID();
  const base = Date.now() - options.count * 1000 - 60_000;
  const iso = (i: number) => new Date(base + i * 1000).toISOString();
  const insertMessage = db.prepare(
    `insert into messages (message_id, conversation_id, user_id, parent_message_id, sender, text, content, is_created_by_user,
      model, endpoint, error, unfinished, finish_reason, token_count, usage, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, null, ?, ?, 'openAI', 0, 0, ?, null, null, ?, ?)`,
  );
  const messageIds: string[] = [];
  let branchId: string | undefined;
  db.transaction(() => {
    db.prepare(
      `insert into conversations (conversation_id, user_id, title, endpoint, endpoint_type, model, settings, is_archived, tags, expired_at, created_at, updated_at)
       values (?, ?, ?, 'openAI', null, 'gpt-4o-mini', '{}', 0, '[]', null, ?, ?)`,
    ).run(conversationId, options.userId, options.title ?? `Long conversation (${options.count})`, iso(0), iso(options.count));
    let parent = NO_PARENT;
    for (let i = 0; i < options.count; i++) {
      const id = randomUUID();
      const isUser = i % 2 === 0;
      if (options.branchAt === i) {
        // The alternative sibling is older, so the main chain stays the newest (default) branch.
        branchId = randomUUID();
        insertMessage.run(branchId, conversationId, options.userId, parent, isUser ? 'User' : 'AI', `Branch B at message ${i + 1}`, isUser ? 1 : 0, isUser ? null : 'gpt-4o-mini', isUser ? null : 'stop', iso(i - 0.5), iso(i - 0.5));
        const tail = randomUUID();
        insertMessage.run(tail, conversationId, options.userId, branchId, isUser ? 'AI' : 'User', `Branch B continues after message ${i + 1}`, isUser ? 0 : 1, 'gpt-4o-mini', 'stop', iso(i - 0.4), iso(i - 0.4));
      }
      insertMessage.run(id, conversationId, options.userId, parent, isUser ? 'User' : 'AI', isUser ? `Question number ${i + 1}` : `Answer number ${i + 1}: ${'lorem ipsum '.repeat((i % 7) + 1)}`, isUser ? 1 : 0, isUser ? null : 'gpt-4o-mini', isUser ? null : 'stop', iso(i), iso(i));
      messageIds.push(id);
      parent = id;
    }
  })();
  db.close();
  return { conversationId, messageIds, ...(branchId ? { branchId } : {}) };
}
