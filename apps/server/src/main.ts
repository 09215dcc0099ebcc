import 'dotenv/config';
import { Redis } from 'ioredis';
import { DEFAULT_WEB_DIST, buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/load-config.js';
import { migrateToLatest, openDatabase } from './db/database.js';
import { readEnv } from './env.js';
import { seedRoles } from './features/roles/roles.repo.js';
import { loadSecrets } from './platform/secrets.js';
import { join, resolve } from 'node:path';

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
  const redis = env.REDIS_URI ? new Redis(env.REDIS_URI, { maxRetriesPerRequest: 2 }) : undefined;

  const app = await buildApp({ env, config, db, secrets, redis, webDist: env.WEB_DIST ? resolve(env.WEB_DIST) : DEFAULT_WEB_DIST });
  const shutdown = async (signal: string) => {
    app.log.info(`${signal} received, shutting down`);
    await app.close();
    await db.close();
    redis?.disconnect();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  await app.listen({ port: env.PORT, host: env.HOST });
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
