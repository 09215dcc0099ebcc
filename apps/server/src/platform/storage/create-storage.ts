import { join } from 'node:path';
import type { AppConfig } from '../../config/config-schema.js';
import type { Env } from '../../env.js';
import { LocalStorage } from './local-storage.js';
import { S3Storage } from './s3-storage.js';
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
  return new S3Storage({
    region: env.AWS_REGION ?? '',
    bucket: env.AWS_BUCKET_NAME ?? '',
    ...(env.AWS_ENDPOINT ? { endpoint: env.AWS_ENDPOINT } : {}),
    ...(env.AWS_ACCESS_KEY_ID ? { accessKeyId: env.AWS_ACCESS_KEY_ID } : {}),
    ...(env.AWS_SECRET_ACCESS_KEY ? { secretAccessKey: env.AWS_SECRET_ACCESS_KEY } : {}),
    ...(env.AWS_FORCE_PATH_STYLE !== undefined ? { forcePathStyle: env.AWS_FORCE_PATH_STYLE } : {}),
  });
}
