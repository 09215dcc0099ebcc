/**
 * Long conversations for the browser benchmark, written straight into the server's SQLite file
 * (WAL makes that safe while it runs) by the e2e seeding helper. The answers vary as real ones
 * do: one or two paragraphs, every fifth with a list, every tenth with a code block, so the
 * markdown renderer has its usual work, not just one line of text per row.
 */
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { seedConversation, type SeedMessage } from '../../e2e/support/seed-conversations.js';

const SENTENCE = 'The quick brown fox considers the trade-offs of each approach before it jumps. ';

function answer(n: number): string {
  const parts = [`Answer number ${n}: ${SENTENCE.repeat(1 + (n % 4))}`];
  if (n % 3 === 0) parts.push(SENTENCE.repeat(2));
  if (n % 5 === 0)
    parts.push(['- first, measure', '- then, **change one thing**', '- finally, measure again'].join('\n'));
  if (n % 10 === 0) parts.push(['```ts', `export const answer${n} = (x: number) => x * ${n};`, '```'].join('\n'));
  return parts.join('\n\n');
}

export function conversationMessages(count: number): SeedMessage[] {
  return Array.from({ length: count }, (_, i) =>
    i % 2 === 0
      ? { text: `Question number ${i / 2 + 1}: how would you go about it?`, isCreatedByUser: true }
      : { text: answer((i + 1) / 2), isCreatedByUser: false },
  );
}

/** Seeds `count` messages; with `endpoint`, the conversation continues on that custom endpoint. */
export function seedBenchConversation(options: {
  dataDir: string;
  userId: string;
  count: number;
  endpoint?: { name: string; model: string };
}): { conversationId: string; firstId: string; lastId: string } {
  const { conversationId, messageIds } = seedConversation({
    dataDir: options.dataDir,
    userId: options.userId,
    title: `Benchmark conversation (${options.count})`,
    messages: conversationMessages(options.count),
  });
  if (options.endpoint) {
    const db = new Database(join(options.dataDir, 'confab.sqlite'));
    db.pragma('busy_timeout = 5000');
    db.prepare(
      `update conversations set endpoint = ?, endpoint_type = 'custom', model = ? where conversation_id = ?`,
    ).run(options.endpoint.name, options.endpoint.model, conversationId);
    db.close();
  }
  return { conversationId, firstId: messageIds[0]!, lastId: messageIds.at(-1)! };
}
