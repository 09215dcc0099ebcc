import { CompiledQuery, type Transaction } from 'kysely';
import type { Db } from './database.js';
import type { Database } from './schema.js';

type Work<T> = (trx: Transaction<Database>) => Promise<T>;

// Compiled once: two of these run for each piece of grouped work, and building them is Kysely's work, not SQLite's.
const SAVEPOINT = CompiledQuery.raw('savepoint grouped');
const RELEASE = CompiledQuery.raw('release grouped');
const ROLLBACK_TO = CompiledQuery.raw('rollback to grouped');

interface Queued {
  work: Work<unknown>;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/**
 * Runs short transactions of concurrent requests (a chat's first writes, its final write, the
 * growing replies saved meanwhile) so that on SQLite those queued together share one commit: a
 * commit writes every page it touched to the WAL, a fixed cost that was a third of the
 * database's work during busy chats (bench/README.md). Each piece of work runs in its own
 * savepoint (work alone in its commit needs none), so one that fails is rolled back alone, as
 * its own transaction would be; every caller learns its outcome only after the commit, so
 * nothing is reported stored before it is.
 *
 * PostgreSQL has a connection per transaction and commits them in parallel: plain transactions.
 * Work must use only the transaction it is given, and never call `run` itself: the group waits
 * for it, so either would wait forever.
 */
export class CommitGroup {
  private queue: Queued[] = [];
  private scheduled = false;

  constructor(private readonly db: Db) {}

  run<T>(work: Work<T>): Promise<T> {
    if (this.db.dialect !== 'sqlite') return this.db.kysely.transaction().execute(work);
    return new Promise<T>((resolve, reject) => {
      this.queue.push({ work, resolve: resolve as (value: unknown) => void, reject });
      if (!this.scheduled) {
        this.scheduled = true;
        setImmediate(() => void this.commit());
      }
    });
  }

  private async commit(): Promise<void> {
    const batch = this.queue;
    this.queue = [];
    // Alone in its commit, work needs no savepoint: its transaction is rolled back as a whole if it fails.
    const only = batch.length === 1 ? batch[0] : undefined;
    if (only) {
      try {
        only.resolve(await this.db.kysely.transaction().execute(only.work));
      } catch (error) {
        only.reject(error);
      } finally {
        this.next();
      }
      return;
    }
    const outcomes: ({ ok: true; value: unknown } | { ok: false; error: unknown })[] = [];
    try {
      await this.db.kysely.transaction().execute(async (trx) => {
        for (const { work } of batch) {
          await trx.executeQuery(SAVEPOINT);
          try {
            outcomes.push({ ok: true, value: await work(trx) });
            await trx.executeQuery(RELEASE);
          } catch (error) {
            await trx.executeQuery(ROLLBACK_TO);
            await trx.executeQuery(RELEASE);
            outcomes.push({ ok: false, error });
          }
        }
      });
      batch.forEach((queued, i) => {
        const outcome = outcomes[i];
        if (outcome?.ok) queued.resolve(outcome.value);
        else queued.reject(outcome?.error);
      });
    } catch (error) {
      // The commit itself failed: nothing of the batch was stored.
      for (const queued of batch) queued.reject(error);
    } finally {
      this.next();
    }
  }

  /** Work queued during a commit goes in the next one. */
  private next(): void {
    if (this.queue.length) setImmediate(() => void this.commit());
    else this.scheduled = false;
  }
}
