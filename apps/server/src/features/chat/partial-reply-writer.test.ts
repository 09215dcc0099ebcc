import { afterEach, describe, expect, it } from 'vitest';
import type { FastifyBaseLogger } from 'fastify';
import { DummyDriver, Kysely, SqliteAdapter, SqliteIntrospector, SqliteQueryCompiler } from 'kysely';
import type { CommitGroup } from '../../db/commit-group.js';
import type { Database } from '../../db/schema.js';
import { PartialReplyWriter } from './partial-reply-writer.js';

const REPLY_IDS = new Set(['early', 'late', 'unchanged', 'released', 'first', 'second']);

/**
 * A commit group that records, for each piece of work, the ids of the messages it updated.
 * The work runs on a Kysely that compiles real SQLite statements and logs them, with a driver that
 * executes nothing (Kysely's DummyDriver).
 */
function recordingCommits(commitMs = 0) {
  const batches: { at: number; ids: string[] }[] = [];
  const started = performance.now();
  let running = 0;
  let current: string[] | undefined;
  const stats = { mostAtOnce: 0 };
  const kysely = new Kysely<Database>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => new SqliteIntrospector(db),
      createQueryCompiler: () => new SqliteQueryCompiler(),
    },
    log(event) {
      for (const p of event.query.parameters) if (typeof p === 'string' && REPLY_IDS.has(p)) current?.push(p);
    },
  });
  const commits = {
    async run(work: (trx: Kysely<Database>) => Promise<unknown>) {
      stats.mostAtOnce = Math.max(stats.mostAtOnce, ++running);
      const ids: string[] = [];
      current = ids;
      await work(kysely);
      current = undefined;
      if (commitMs) await new Promise((r) => setTimeout(r, commitMs));
      running--;
      batches.push({ at: performance.now() - started, ids });
    },
  };
  return { commits: commits as unknown as CommitGroup, batches, stats };
}

const log = { error() {} } as unknown as FastifyBaseLogger;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const alwaysChanged = (text: string) => ({ userId: 'u', takeChanges: () => ({ text }) });

describe('PartialReplyWriter', () => {
  let writer: PartialReplyWriter | undefined;
  afterEach(() => writer?.close());

  it('saves each growing reply an interval after it started, not all replies at one moment', async () => {
    const { commits, batches } = recordingCommits();
    writer = new PartialReplyWriter(commits, log, 300);
    writer.track('early', alwaysChanged('a'));
    await sleep(150);
    writer.track('late', alwaysChanged('b'));
    await sleep(900);
    const firstSave = (id: string) => batches.find((b) => b.ids.includes(id));
    // Each reply is saved about every 300 ms from its own start, so the two started apart are
    // first written apart (a writer with one tick for all would have saved both at once).
    expect(firstSave('early')!.at).toBeGreaterThanOrEqual(290);
    expect(firstSave('late')!.at).toBeGreaterThanOrEqual(440);
    expect(firstSave('early')!.ids).toEqual(['early']);
    expect(firstSave('late')!.ids).toEqual(['late']);
    expect(batches.filter((b) => b.ids.includes('early')).length).toBeGreaterThanOrEqual(2);
  });

  it('does not save a reply that did not change, nor one released before it was due', async () => {
    const { commits, batches } = recordingCommits();
    writer = new PartialReplyWriter(commits, log, 200);
    writer.track('unchanged', { userId: 'u', takeChanges: () => undefined });
    writer.track('released', alwaysChanged('x'));
    await sleep(50);
    await writer.release('released');
    await sleep(400);
    expect(batches).toEqual([]);
  });

  it('starts no save while one is being written, so a finishing reply never waits behind a queue of them', async () => {
    const { commits, batches, stats } = recordingCommits(350);
    writer = new PartialReplyWriter(commits, log, 100);
    writer.track('first', alwaysChanged('a'));
    await sleep(150);
    writer.track('second', alwaysChanged('b'));
    await sleep(900);
    expect(stats.mostAtOnce).toBe(1);
    // 'second' fell due while the first save was written, and was saved by the next one.
    expect(batches.some((b) => b.ids.includes('second'))).toBe(true);
    // A finishing reply waits for the save being written, not for a queue of saves behind it.
    const releasing = performance.now();
    await writer.release('second');
    expect(performance.now() - releasing).toBeLessThan(500);
  });
});
