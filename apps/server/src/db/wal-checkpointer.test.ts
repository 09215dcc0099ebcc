import { existsSync, mkdtempSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { openDatabase } from './database.js';
import { CHECKPOINT_INTERVAL_MS, startWalCheckpointer } from './wal-checkpointer.js';

const size = (path: string) => (existsSync(path) ? statSync(path).size : 0);
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('SQLite checkpoints on their own thread', () => {
  it('copies the log into the database file while the server writes, and removes the log on close', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'confab-wal-')), 'db.sqlite');
    const db = openDatabase({ sqlitePath: path });
    await sql`create table notes (id integer primary key, body text)`.execute(db.kysely);
    const before = size(path);
    // ~5 MB in 125 commits: past SQLite's default checkpoint point (1,000 pages), where the thread
    // starts, and far below the server's connection's own.
    for (let i = 0; i < 125; i++) {
      await db.kysely.transaction().execute(async (trx) => {
        for (let j = 0; j < 10; j++) await sql`insert into notes (body) values (${'x'.repeat(4000)})`.execute(trx);
      });
    }
    expect(size(`${path}-wal`)).toBeGreaterThan(1_000_000);
    // Only the checkpointer thread writes the database file now. Wait until it has copied the whole
    // log (each 4,000-character row fills a 4 KB page of its own), however busy the machine: the log
    // only starts over once a checkpoint has caught up, which the next check relies on.
    const copied = before + 1250 * 4096;
    for (let i = 0; i < 60 && size(path) < copied; i++) await pause(CHECKPOINT_INTERVAL_MS / 2);
    expect(size(path)).toBeGreaterThanOrEqual(copied);
    // The file reaches its size when the last page is copied, a moment before the checkpoint
    // records that it is complete; a write in between still goes to the log's end. Two more
    // turns of the thread and it has (CI caught a write landing three pages past the end).
    await pause(CHECKPOINT_INTERVAL_MS * 2);

    // The log restarts from its beginning once caught up: it does not keep growing.
    const walAfterFirst = size(`${path}-wal`);
    for (let i = 0; i < 50; i++) {
      await sql`insert into notes (body) values (${'y'.repeat(4000)})`.execute(db.kysely);
      if (i % 10 === 0) await pause(CHECKPOINT_INTERVAL_MS);
    }
    expect(size(`${path}-wal`)).toBeLessThanOrEqual(walAfterFirst);

    await db.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
    const reopened = openDatabase({ sqlitePath: path });
    const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(reopened.kysely);
    expect(rows[0]?.n).toBe(1300);
    await reopened.close();
  });

  it('starts no thread while the log stays small (an idle server), and still removes the log on close', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'confab-wal-')), 'db.sqlite');
    const db = openDatabase({ sqlitePath: path });
    await sql`create table notes (id integer primary key, body text)`.execute(db.kysely);
    await sql`insert into notes (body) values (${'x'.repeat(4000)})`.execute(db.kysely);
    const before = size(path);
    await pause(CHECKPOINT_INTERVAL_MS * 4);
    // Nothing copied the log into the file: no checkpointer ran.
    expect(size(path)).toBe(before);
    await db.close();
    expect(existsSync(`${path}-wal`)).toBe(false);
    const reopened = openDatabase({ sqlitePath: path });
    const { rows } = await sql<{ n: number }>`select count(*) as n from notes`.execute(reopened.kysely);
    expect(rows[0]?.n).toBe(1);
    await reopened.close();
  });

  it('warns the operator when the thread cannot run', async () => {
    const warned = new Promise<Error>((resolve) => process.once('warning', resolve));
    const checkpointer = startWalCheckpointer(join(tmpdir(), 'no-such-folder-confab', 'db.sqlite'));
    const warning = await warned;
    expect(warning.name).toBe('ConfabWarning');
    expect(warning.message).toMatch(/checkpoint thread stopped/);
    await checkpointer.stop();
  });
});
