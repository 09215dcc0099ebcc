import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Redis } from 'ioredis';
import pg from 'pg';
import { afterAll, beforeAll, describe } from 'vitest';
import { buildApp } from '../src/app.js';
import type { AppConfig } from '../src/config/config-schema.js';
import { validateConfig } from '../src/config/load-config.js';
import { migrateToLatest, openDatabase, type Db, type Dialect } from '../src/db/database.js';
import { readEnv, type Env } from '../src/env.js';
import { seedRoles } from '../src/features/roles/roles.repo.js';
import { loadSecrets } from '../src/platform/secrets.js';
import type { StorageAdapter } from '../src/platform/storage/storage.js';

export interface TestServer {
  app: FastifyInstance;
  db: Db;
  env: Env;
  baseUrl: string;
  dataDir: string;
  close(): Promise<void>;
}

export interface TestServerOptions {
  dialect?: Dialect;
  env?: Record<string, string>;
  config?: unknown;
  /** Connect to TEST_REDIS_URI (shared limits and job bus), as a scaled-out instance does. */
  redis?: boolean;
  /** Another instance on the same database and data folder (scale-out tests). */
  sameDatabaseAs?: TestServer;
  /** Where uploads are stored (an S3Storage on a local S3); local disk under the data folder when absent. */
  storage?: StorageAdapter;
  /** The fetch actions use instead of the egress-guarded one (pinned to a local test API). */
  actionsFetch?: typeof fetch;
  /** The fetch remote meme pictures go through instead of the egress-guarded one (a local picture server). */
  memesFetch?: typeof fetch;
  /** Listen here instead of a free port (a test that must know DOMAIN_SERVER before start: OAuth callbacks). */
  port?: number;
}

const PG_URL = process.env.TEST_DATABASE_URL;

/** The dialects the integration suite runs on: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DIALECTS: Dialect[] = PG_URL ? ['sqlite', 'postgres'] : ['sqlite'];

/** Runs a describe block once per dialect, with the dialect in its title. */
export function describeEachDialect(title: string, body: (dialect: Dialect) => void): void {
  for (const dialect of DIALECTS) describe(`${title} [${dialect}]`, () => body(dialect));
}

async function createPgSchema(): Promise<string> {
  const schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`create schema ${schema}`);
  await client.end();
  return schema;
}

async function dropPgSchema(schema: string): Promise<void> {
  const client = new pg.Client({ connectionString: PG_URL });
  await client.connect();
  await client.query(`drop schema if exists ${schema} cascade`);
  await client.end();
}

/** Opens a migrated database of the given dialect in a fresh SQLite file or PostgreSQL schema. */
export async function openTestDatabase(dialect: Dialect, dataDir: string): Promise<{ db: Db; dispose(): Promise<void> }> {
  const pgSchema = dialect === 'postgres' ? await createPgSchema() : undefined;
  const db = openDatabase({
    url: dialect === 'postgres' ? PG_URL : undefined,
    sqlitePath: join(dataDir, 'confab.sqlite'),
    pgSchema,
  });
  await migrateToLatest(db);
  await seedRoles(db);
  return {
    db,
    async dispose() {
      await db.close();
      if (pgSchema) await dropPgSchema(pgSchema);
    },
  };
}

/**
 * A migrated database of the given dialect for the enclosing describe block: opened before its
 * tests (before hooks registered after this call), removed after them. Read `.db` inside tests.
 */
export function useTestDatabase(dialect: Dialect): { readonly db: Db } {
  let opened: { db: Db; dispose(): Promise<void> } | undefined;
  let dataDir: string | undefined;
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'confab-db-'));
    opened = await openTestDatabase(dialect, dataDir);
  });
  afterAll(async () => {
    await opened?.dispose();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  return {
    get db() {
      if (!opened) throw new Error('The test database opens in beforeAll');
      return opened.db;
    },
  };
}

/** Builds the real app on a real database and listens on a random loopback port. */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = options.sameDatabaseAs?.dataDir ?? mkdtempSync(join(tmpdir(), 'confab-test-'));
  const env = readEnv({
    DATA_DIR: dataDir,
    LOG_LEVEL: 'silent',
    REGISTER_MAX: '1000',
    LOGIN_IP_MAX: '1000',
    ...options.env,
  });
  const config: AppConfig = validateConfig(options.config ?? {}, 'test-config');
  const { db, dispose } = options.sameDatabaseAs
    ? { db: options.sameDatabaseAs.db, dispose: async () => {} }
    : await openTestDatabase(options.dialect ?? 'sqlite', dataDir);
  const redis = options.redis ? new Redis(process.env.TEST_REDIS_URI ?? 'redis://127.0.0.1:6379') : undefined;
  const app = await buildApp({ env, config, db, secrets: loadSecrets(env), redis, storage: options.storage, actionsFetch: options.actionsFetch, memesFetch: options.memesFetch });
  await app.listen({ port: options.port ?? 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    db,
    env,
    dataDir,
    baseUrl: `http://127.0.0.1:${port}`,
    async close() {
      // A response still streaming (an image a test stopped reading) would hold app.close()
      // until its socket times out: after a grace second, the sockets left are cut.
      const cut = setTimeout(() => app.server.closeAllConnections(), 1000);
      cut.unref();
      await app.close().finally(() => clearTimeout(cut));
      redis?.disconnect();
      if (options.sameDatabaseAs) return;
      await dispose();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
