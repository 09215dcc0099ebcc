import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.js';
import { validateConfig } from '../src/config/load-config.js';
import { readEnv } from '../src/env.js';
import { loadSecrets } from '../src/platform/secrets.js';
import { openTestDatabase } from './test-server.js';

export interface AppOverDist {
  app: FastifyInstance;
  /** The data folder; the web build is its `dist` subfolder. */
  dir: string;
  dist: string;
  close(): Promise<void>;
}

/**
 * The app (in-process, for `inject`) serving a web build made of `files` (paths relative to the
 * build folder), on a fresh SQLite data folder. `beforeServe` runs on the written build first:
 * what the web build does after `vite build` (compression), or files placed beside it.
 */
export async function startAppOverDist(
  files: Record<string, string | Buffer>,
  beforeServe?: (paths: { dir: string; dist: string }) => void,
): Promise<AppOverDist> {
  const dir = mkdtempSync(join(tmpdir(), 'confab-web-'));
  const dist = join(dir, 'dist');
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dist, path)), { recursive: true });
    writeFileSync(join(dist, path), content);
  }
  beforeServe?.({ dir, dist });
  const env = readEnv({ DATA_DIR: dir, LOG_LEVEL: 'silent' });
  const opened = await openTestDatabase('sqlite', dir);
  const app = await buildApp({
    env,
    config: validateConfig({}, 'x', {}),
    db: opened.db,
    secrets: loadSecrets(env),
    webDist: dist,
  });
  return {
    app,
    dir,
    dist,
    close: async () => {
      await app.close();
      await opened.dispose();
    },
  };
}
