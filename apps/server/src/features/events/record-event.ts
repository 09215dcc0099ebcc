import type { AnalyticsEvent } from '@confab/shared';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import { newId, nowIso } from '../../platform/ids.js';

export interface RecordedEvent {
  userId: string;
  type: AnalyticsEvent;
  chatId?: string | null;
  metadata?: Record<string, string | number | boolean | null>;
}

/**
 * Stores one analytics event (SPEC 7). The beacon route calls it for what the browser reports, and
 * features call it for what only the server knows happened (a share link created), inside their
 * own transaction so the event is there exactly when its effect is.
 */
export async function recordEvent(db: Kysely<Database>, event: RecordedEvent): Promise<void> {
  await db
    .insertInto('analytics_events')
    .values({
      id: newId(),
      user_id: event.userId,
      event: event.type,
      chat_id: event.chatId ?? null,
      properties: JSON.stringify(event.metadata ?? {}),
      created_at: nowIso(),
    })
    .execute();
}
