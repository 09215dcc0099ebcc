import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { updateMessage, type MessagePatch } from '../messages/messages.repo.js';

/** How often growing replies are written to the database. */
export const PERSIST_INTERVAL_MS = 1000;

interface GrowingReply {
  userId: string;
  /** The reply as it stands, or undefined when nothing changed since the last write. */
  takeChanges(): MessagePatch | undefined;
}

/**
 * Saves the growing replies of every running generation, all in one transaction per interval:
 * a killed server leaves each reply's text of at most a second ago, and hundreds of streams
 * cost one commit a second instead of hundreds.
 */
export class PartialReplyWriter {
  private readonly replies = new Map<string, GrowingReply>();
  private writing: Promise<void> = Promise.resolve();
  private readonly timer: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    intervalMs = PERSIST_INTERVAL_MS,
  ) {
    this.timer = setInterval(() => void this.write(), intervalMs);
    this.timer.unref();
  }

  track(messageId: string, reply: GrowingReply): void {
    this.replies.set(messageId, reply);
  }

  /**
   * Stops saving the reply and waits for a write in flight, so that the caller's final write
   * is the last one.
   */
  async release(messageId: string): Promise<void> {
    this.replies.delete(messageId);
    await this.writing;
  }

  private write(): Promise<void> {
    const batch: [string, string, MessagePatch][] = [];
    for (const [messageId, reply] of this.replies) {
      const changes = reply.takeChanges();
      if (changes) batch.push([messageId, reply.userId, changes]);
    }
    if (!batch.length) return this.writing;
    this.writing = this.writing
      .then(() =>
        this.db.kysely.transaction().execute(async (trx) => {
          for (const [messageId, userId, changes] of batch)
            await updateMessage(trx, userId, messageId, { ...changes, unfinished: true });
        }),
      )
      .catch((err: unknown) => this.log.error({ err, replies: batch.length }, 'failed to save growing replies'));
    return this.writing;
  }

  /** Stops the timer (the app is closing; running jobs write their own final state). */
  close(): void {
    clearInterval(this.timer);
  }
}
