import { NO_PARENT } from '@confab/shared';
import { randomUUID } from 'node:crypto';
import type { Db } from '../../db/database.js';
import { insertConversation } from './conversations.repo.js';
import { insertMessage } from '../messages/messages.repo.js';
import { insertUser } from '../users/users.repo.js';

/**
 * Test seeding through the real repositories (the write paths the app uses, triggers included).
 * Kept out of `*.test.ts` so several suites can share it.
 */
export interface SeedMessage {
  /** A name to refer to this message as a parent and in the result. */
  key: string;
  parent?: string;
  text: string;
  isCreatedByUser?: boolean;
}

export interface SeedConversation {
  title?: string;
  createdAt?: string;
  updatedAt?: string;
  tags?: string[];
  isArchived?: boolean;
  expiredAt?: string | null;
  messages?: SeedMessage[];
}

export interface Seeded {
  conversationId: string;
  /** Message ids by key. */
  ids: Record<string, string>;
}

/** A user to own seeded conversations; returns its id. */
export async function seedUser(db: Db, name = 'Seeded User'): Promise<string> {
  const email = `${randomUUID()}@example.com`;
  const user = await insertUser(db.kysely, { name, username: '', email, passwordHash: null, role: 'USER', emailVerified: true });
  return user.id;
}

export async function seedConversation(db: Db, userId: string, spec: SeedConversation = {}): Promise<Seeded> {
  const conversationId = randomUUID();
  await insertConversation(db.kysely, {
    conversationId,
    userId,
    endpoint: 'openAI',
    endpointType: null,
    model: 'gpt-4o-mini',
    settings: { temperature: 0.5 },
    expiredAt: spec.expiredAt ?? null,
  });
  const ids: Record<string, string> = {};
  const base = Date.parse(spec.createdAt ?? '2024-01-01T00:00:00.000Z');
  for (const [i, m] of (spec.messages ?? []).entries()) {
    const messageId = randomUUID();
    ids[m.key] = messageId;
    await insertMessage(db.kysely, {
      messageId,
      conversationId,
      userId,
      parentMessageId: m.parent ? (ids[m.parent] ?? NO_PARENT) : NO_PARENT,
      sender: m.isCreatedByUser === false ? 'AI' : 'User',
      text: m.text,
      isCreatedByUser: m.isCreatedByUser ?? true,
      model: null,
      endpoint: 'openAI',
      createdAt: new Date(base + i * 1000).toISOString(),
    });
  }
  const patch = {
    ...(spec.title !== undefined ? { title: spec.title } : {}),
    ...(spec.createdAt !== undefined ? { created_at: spec.createdAt } : {}),
    ...(spec.updatedAt !== undefined ? { updated_at: spec.updatedAt } : {}),
    ...(spec.tags !== undefined ? { tags: JSON.stringify(spec.tags) } : {}),
    ...(spec.isArchived !== undefined ? { is_archived: spec.isArchived ? 1 : 0 } : {}),
  };
  if (Object.keys(patch).length > 0) await db.kysely.updateTable('conversations').set(patch).where('conversation_id', '=', conversationId).execute();
  return { conversationId, ids };
}

/** Every row a conversation-management call could touch, in a stable order, to assert "nothing changed". */
export async function snapshotTables(db: Db) {
  const k = db.kysely;
  return {
    conversations: await k.selectFrom('conversations').selectAll().orderBy('conversation_id').execute(),
    messages: await k.selectFrom('messages').selectAll().orderBy('message_id').execute(),
    tags: await k.selectFrom('conversation_tags').selectAll().orderBy('id').execute(),
    shares: await k.selectFrom('shared_links').selectAll().orderBy('share_id').execute(),
  };
}

export async function countRows(db: Db, table: 'conversations' | 'messages' | 'conversation_tags' | 'shared_links'): Promise<number> {
  const row = await db.kysely.selectFrom(table).select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
