import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { e2eDataDir } from './seed';

const NO_PARENT = '00000000-0000-0000-0000-000000000000';
const DAY = 24 * 60 * 60 * 1000;

const TOPICS = [
  'Trip itinerary for Lisbon',
  'Refactor React hooks',
  'Quarterly OKR draft',
  'Sourdough starter troubleshooting',
  'Explain Raft consensus',
  'Cover letter for data role',
  'SQL window functions',
  'Birthday party ideas',
  'Kubernetes ingress setup',
  'Marathon training plan',
  'Summarise the board memo',
  'Regex for UK postcodes',
  'Vegetarian meal prep',
  'TypeScript generics deep dive',
  'Negotiating a raise',
  'Python asyncio pitfalls',
  'Japanese travel phrases',
  'Budget spreadsheet formulas',
  'Rust lifetimes explained',
  'Garden layout for spring',
  'Product launch checklist',
  'CSS grid vs flexbox',
  'Translate email to German',
  'Onboarding guide outline',
  'Podcast episode notes',
];

export interface SeedMessage {
  text: string;
  isCreatedByUser: boolean;
}

function openDb(dataDir?: string) {
  const db = new Database(join(dataDir ?? e2eDataDir(), 'confab.sqlite'));
  db.pragma('busy_timeout = 5000');
  return db;
}

/**
 * Inserts one conversation with the given messages (a single chain) straight into the e2e
 * SQLite database; the search index follows through its triggers.
 */
export function seedConversation(options: {
  userId: string;
  title: string;
  messages: SeedMessage[];
  updatedAt?: Date;
  tags?: string[];
  dataDir?: string;
  /** Where the conversation continues: openAI's gpt-4o-mini unless given (an agent's: `agents` with `settings.agent_id`). */
  endpoint?: string;
  model?: string;
  settings?: Record<string, unknown>;
}): { conversationId: string; messageIds: string[] } {
  const db = openDb(options.dataDir);
  const conversationId = randomUUID();
  const updated = options.updatedAt ?? new Date();
  const start = updated.getTime() - options.messages.length * 1000;
  const iso = (i: number) => new Date(start + i * 1000).toISOString();
  const messageIds: string[] = [];
  db.transaction(() => {
    db.prepare(
      `insert into conversations (conversation_id, user_id, title, endpoint, endpoint_type, model, settings, is_archived, tags, expired_at, created_at, updated_at)
       values (?, ?, ?, ?, null, ?, ?, 0, ?, null, ?, ?)`,
    ).run(
      conversationId,
      options.userId,
      options.title,
      options.endpoint ?? 'openAI',
      options.model ?? 'gpt-4o-mini',
      JSON.stringify(options.settings ?? {}),
      JSON.stringify(options.tags ?? []),
      iso(0),
      updated.toISOString(),
    );
    const insert = db.prepare(
      `insert into messages (message_id, conversation_id, user_id, parent_message_id, sender, text, content, is_created_by_user,
        model, endpoint, error, unfinished, finish_reason, token_count, usage, created_at, updated_at)
       values (?, ?, ?, ?, ?, ?, null, ?, 'gpt-4o-mini', 'openAI', 0, 0, ?, null, null, ?, ?)`,
    );
    let parent = NO_PARENT;
    options.messages.forEach((m, i) => {
      const id = randomUUID();
      insert.run(
        id,
        conversationId,
        options.userId,
        parent,
        m.isCreatedByUser ? 'User' : 'AI',
        m.text,
        m.isCreatedByUser ? 1 : 0,
        m.isCreatedByUser ? null : 'stop',
        iso(i),
        iso(i),
      );
      messageIds.push(id);
      parent = id;
    });
  })();
  db.close();
  return { conversationId, messageIds };
}

/**
 * Inserts `count` small conversations whose last updates spread from now back over about three
 * years (dense near today), so every sidebar group shows. Titles cycle through a realistic set.
 */
export function seedManyConversations(options: {
  userId: string;
  count: number;
  dataDir?: string;
  spanDays?: number;
  /** Seeded archived (they show in Settings, not in the sidebar). */
  archived?: boolean;
}): string[] {
  const db = openDb(options.dataDir);
  const now = Date.now();
  const span = (options.spanDays ?? 1100) * DAY;
  const ids: string[] = [];
  const insertConversation = db.prepare(
    `insert into conversations (conversation_id, user_id, title, endpoint, endpoint_type, model, settings, is_archived, tags, expired_at, created_at, updated_at)
     values (?, ?, ?, 'openAI', null, 'gpt-4o-mini', '{}', ${options.archived ? 1 : 0}, '[]', null, ?, ?)`,
  );
  const insertMessage = db.prepare(
    `insert into messages (message_id, conversation_id, user_id, parent_message_id, sender, text, content, is_created_by_user,
      model, endpoint, error, unfinished, finish_reason, token_count, usage, created_at, updated_at)
     values (?, ?, ?, ?, ?, ?, null, ?, 'gpt-4o-mini', 'openAI', 0, 0, ?, null, null, ?, ?)`,
  );
  db.transaction(() => {
    for (let i = 0; i < options.count; i++) {
      // Quadratic spread: many recent conversations, fewer as they age.
      const age = Math.round(span * (i / Math.max(1, options.count)) ** 2) + i * 1000;
      const updated = new Date(now - age - 60_000).toISOString();
      const id = randomUUID();
      const title = `${TOPICS[i % TOPICS.length]}${i >= TOPICS.length ? ` (${Math.floor(i / TOPICS.length) + 1})` : ''}`;
      insertConversation.run(id, options.userId, title, updated, updated);
      const question = randomUUID();
      insertMessage.run(
        question,
        id,
        options.userId,
        NO_PARENT,
        'User',
        `Help me with: ${title}`,
        1,
        null,
        updated,
        updated,
      );
      insertMessage.run(
        randomUUID(),
        id,
        options.userId,
        question,
        'AI',
        `Here is some help with ${title.toLowerCase()}.`,
        0,
        'stop',
        updated,
        updated,
      );
      ids.push(id);
    }
  })();
  db.close();
  return ids;
}

/** One question and its answer, as seeded messages. */
export const exchange = (question: string, answer: string): SeedMessage[] => [
  { text: question, isCreatedByUser: true },
  { text: answer, isCreatedByUser: false },
];
