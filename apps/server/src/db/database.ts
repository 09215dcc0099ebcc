import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index.js';
import type { Database } from './schema.js';
import { FALLBACK_AUTOCHECKPOINT_PAGES, startWalCheckpointerWhenBusy } from './wal-checkpointer.js';

export type Dialect = 'sqlite' | 'postgres';

export interface Db {
  kysely: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://... selects PostgreSQL; otherwise SQLite at sqlitePath. */
  url?: string | undefined;
  sqlitePath: string;
  /** PostgreSQL schema to use (tests isolate each app in its own). */
  pgSchema?: string | undefined;
}

export function openDatabase(options: DatabaseOptions): Db {
  if (options.url && /^postgres(ql)?:\/\//.test(options.url)) {
    const url = options.url;
    // The driver loads with the first query: a server on SQLite never loads it (bench/README.md, "Server RSS idle").
    const pool = async () => {
      const { default: pg } = await import('pg');
      // PostgreSQL returns int8 (count(*)) as a string by default; our counts fit in a double.
      pg.types.setTypeParser(20, (v) => Number(v));
      return new pg.Pool({
        connectionString: url,
        max: 20,
        ...(options.pgSchema ? { options: `-c search_path=${options.pgSchema}` } : {}),
      });
    };
    const kysely = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { kysely, dialect: 'postgres', close: () => kysely.destroy() };
  }
  const inMemory = options.sqlitePath === ':memory:';
  if (!inMemory) mkdirSync(dirname(options.sqlitePath), { recursive: true });
  const sqlite = new SqliteDatabase(options.sqlitePath);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = NORMAL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  sqlite.pragma('temp_store = MEMORY');
  // Lets the planner gather statistics it lacks (SQLite's recommendation for long-lived
  // connections); without them `user_id = ? AND id IN (...)` plans degrade to scans.
  sqlite.pragma('optimize = 0x10002');
  const kysely = new Kysely<Database>({ dialect: new SqliteDialect({ database: withStatementCache(sqlite) }) });
  if (inMemory) return { kysely, dialect: 'sqlite', close: () => kysely.destroy() };
  // Checkpoints run on a thread of their own (wal-checkpointer.ts), once the log grows.
  sqlite.pragma(`wal_autocheckpoint = ${FALLBACK_AUTOCHECKPOINT_PAGES}`);
  const checkpointer = startWalCheckpointerWhenBusy(options.sqlitePath);
  return {
    kysely,
    dialect: 'sqlite',
    close: async () => {
      await kysely.destroy();
      // Closed last, the checkpointer's connection (or, when it never started, the server's own)
      // folds the log into the file and removes it.
      await checkpointer.stop();
    },
  };
}

/**
 * Kysely prepares every query anew; compiling SQL is a large share of a small query's cost in
 * better-sqlite3, so prepared statements are reused by SQL text (bounded, oldest evicted).
 */
function withStatementCache(sqlite: SqliteDatabase.Database, limit = 500): SqliteDatabase.Database {
  const cache = new Map<string, SqliteDatabase.Statement>();
  const prepare = sqlite.prepare.bind(sqlite);
  return new Proxy(sqlite, {
    get(target, key, receiver) {
      if (key !== 'prepare') return Reflect.get(target, key, receiver) as unknown;
      return (sql: string) => {
        let statement = cache.get(sql);
        if (!statement) {
          statement = prepare(sql);
          if (cache.size >= limit) cache.delete(cache.keys().next().value as string);
          cache.set(sql, statement);
        }
        return statement;
      };
    },
  });
}

const provider: MigrationProvider = { getMigrations: () => Promise.resolve(migrations) };

/** Brings the schema up to date; throws with the failing migration's name. */
export async function migrateToLatest(db: Db): Promise<void> {
  // Kysely looks for its bookkeeping tables in every schema; pin them to ours, or another
  // schema's tables in the same database (tests, other tenants) would be mistaken for ours.
  const schema =
    db.dialect === 'postgres'
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db.kysely)).rows[0]?.schema
      : undefined;
  // Features land in parallel, so a later-numbered migration may run before an earlier one.
  const migrator = new Migrator({
    db: db.kysely,
    provider,
    allowUnorderedMigrations: true,
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed: ${String(error)}`, { cause: error });
  }
}
