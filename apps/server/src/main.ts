import 'dotenv/config';
import { constants } from 'node:os';
import { join, resolve } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { DEFAULT_WEB_DIST, buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/load-config.js';
import { migrateToLatest, openDatabase, type Db } from './db/database.js';
import { readEnv } from './env.js';
import { seedRoles } from './features/roles/roles.repo.js';
import { loadSecrets } from './platform/secrets.js';

/** How long open connections (a client still reading a stream) may take to end after a signal. */
const SHUTDOWN_GRACE_MS = 8_000;
/** Past this, something hung on the way out (a database that does not close): exit anyway. */
const SHUTDOWN_DEADLINE_MS = 9_500;

async function main(): Promise<void> {
  const env = readEnv();
  let config;
  try {
    config = loadConfig(env.CONFIG_PATH);
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(1);
    }
    throw err;
  }
  const secrets = loadSecrets(env);
  const db = openDatabase({ url: env.DATABASE_URL, sqlitePath: join(env.DATA_DIR, 'confab.sqlite') });
  await migrateToLatest(db);
  await seedRoles(db);
  // ioredis is loaded only when configured: a single instance does without it (and its memory).
  const redis = env.REDIS_URI
    ? new (await import('ioredis')).Redis(env.REDIS_URI, { maxRetriesPerRequest: 2 })
    : undefined;

  const app = await buildApp({
    env,
    config,
    db,
    secrets,
    redis,
    webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : DEFAULT_WEB_DIST,
  });
  // Fastify closes the HTTP server before the app's own onClose hooks, and the server waits for
  // open streams to end: a generation must stop (its partial reply stored) before that wait.
  // Here, after the closing flag is set, a request arriving now gets a 503 and starts nothing.
  app.addHook('preClose', () => app.jobs.abortAll());
  handleShutdownSignals(app, db, () => redis?.disconnect());
  await app.listen({ port: env.PORT, host: env.HOST });
  // Once, after listening: the code runner checks what it can do (the sandbox tries a run of each
  // language) and logs it, while /health already answers.
  void app.codeRunner.status().then(
    (status) => app.log.info({ codeRunner: status }, 'code execution status'),
    (err: unknown) => app.log.warn({ err }, 'code execution status failed'),
  );
}

/**
 * SIGTERM or SIGINT: stop accepting connections at once, stop running generations (each stores
 * its partial reply, which the user can continue), let open responses end for a grace period
 * and then cut them, close the database and Redis, exit 0. Running generations are stopped
 * rather than awaited: one may run for minutes, and a supervisor's kill follows in about ten
 * seconds. A second signal exits at once.
 */
function handleShutdownSignals(app: FastifyInstance, db: Db, closeRedis: () => void): void {
  let isShuttingDown = false;
  const shutdown = async (signal: NodeJS.Signals): Promise<void> => {
    if (isShuttingDown) {
      app.log.warn(`${signal} received again, exiting now`);
      process.exit(128 + constants.signals[signal]);
    }
    isShuttingDown = true;
    app.log.info(`${signal} received, shutting down`);
    setTimeout(() => {
      console.error(`shutdown took over ${SHUTDOWN_DEADLINE_MS} ms, exiting`);
      process.exit(1);
    }, SHUTDOWN_DEADLINE_MS).unref();
    const cutConnections = setTimeout(() => app.server.closeAllConnections(), SHUTDOWN_GRACE_MS);
    // No new connections from here; app.close() below still waits for the open ones to end.
    if (app.server.listening) app.server.close();
    await app.close();
    clearTimeout(cutConnections);
    await db.close();
    closeRedis();
    process.exit(0);
  };
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, (received) => void shutdown(received));
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
