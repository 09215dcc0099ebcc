import { join } from 'node:path';
import type { AppConfig } from '../../config/config-schema.js';
import type { Env } from '../../env.js';
import { LocalStorage } from './local-storage.js';
import type { S3StorageOptions } from './s3-storage.js';
import type { StorageAdapter } from './storage.js';

/**
 * The store chosen at start-up (ARCHITECTURE: embedded by default, distributed by configuration):
 * local disk under DATA_DIR/uploads, or S3 when config.yaml says `fileStrategy: "s3"`, with
 * LibreChat's AWS_* variables. An S3 strategy without a bucket stops start-up with what is missing.
 */
export function createStorage(env: Env, config: AppConfig): StorageAdapter {
  if (config.fileStrategy !== 's3') return new LocalStorage(join(env.DATA_DIR, 'uploads'));
  const missing = (['AWS_BUCKET_NAME', 'AWS_REGION'] as const).filter((name) => !env[name]);
  if (missing.length) throw new Error(`fileStrategy "s3" needs ${missing.join(' and ')} in the environment`);
  return s3StorageLoadedLazily({
    region: env.AWS_REGION ?? '',
    bucket: env.AWS_BUCKET_NAME ?? '',
    ...(env.AWS_ENDPOINT ? { endpoint: env.AWS_ENDPOINT } : {}),
    ...(env.AWS_ACCESS_KEY_ID ? { accessKeyId: env.AWS_ACCESS_KEY_ID } : {}),
    ...(env.AWS_SECRET_ACCESS_KEY ? { secretAccessKey: env.AWS_SECRET_ACCESS_KEY } : {}),
    ...(env.AWS_FORCE_PATH_STYLE !== undefined ? { forcePathStyle: env.AWS_FORCE_PATH_STYLE } : {}),
  });
}

/**
 * The S3 store, its module and the AWS SDK (about 15 MB) imported only when S3 is the strategy:
 * a server on local disk never holds them. Each call waits for the one store made on first use.
 */
function s3StorageLoadedLazily(options: S3StorageOptions): StorageAdapter {
  let store: Promise<StorageAdapter> | undefined;
  const load = () => (store ??= import('./s3-storage.js').then(({ S3Storage }) => new S3Storage(options)));
  return {
    source: 's3',
    put: async (key, body, putOptions) => (await load()).put(key, body, putOptions),
    get: async (key) => (await load()).get(key),
    delete: async (key) => (await load()).delete(key),
    // Nothing to close when nothing was ever stored or read.
    close: async () => (store ? (await store).close?.() : undefined),
  };
}
