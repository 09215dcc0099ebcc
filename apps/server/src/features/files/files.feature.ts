import { join } from 'node:path';
import type { MergedFileConfig } from '@confab/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/config-schema.js';
import type { Db } from '../../db/database.js';
import type { Env } from '../../env.js';
import type { LimiterFactory } from '../../platform/limiter.js';
import type { StorageAdapter } from '../../platform/storage/storage.js';
import { AvatarService } from './avatar.service.js';
import type { FilesRoutesOptions } from './files.routes.js';
import { FilesService } from './files.service.js';
import { removeStaleTempFiles } from './temp-files.js';
import { createUploadRateLimits } from './upload-rate-limits.js';
import { UploadService, type UploadServiceOptions } from './upload.service.js';

/** The files feature's services, built once at start-up over the chosen store. */
export async function createFilesFeature(deps: {
  db: Db;
  storage: StorageAdapter;
  fileConfig: MergedFileConfig;
  env: Env;
  config: AppConfig;
  limiter: LimiterFactory;
  log: FastifyBaseLogger;
  /** file_search's index, fed by uploads for file_search. */
  fileSearch?: UploadServiceOptions['fileSearch'];
}): Promise<FilesRoutesOptions> {
  const { db, storage, fileConfig, log } = deps;
  // Local copies of uploads in flight (images before processing, documents for their text).
  const tempDir = join(deps.env.DATA_DIR, 'tmp', 'uploads');
  await removeStaleTempFiles(tempDir);
  return {
    uploads: new UploadService({ db, storage, fileConfig, tempDir, log, fileSearch: deps.fileSearch }),
    files: new FilesService(db, storage, log),
    avatars: new AvatarService({ db, storage, fileConfig, tempDir, log }),
    countUpload: createUploadRateLimits(deps.limiter, deps.env, deps.config),
    fileConfig,
  };
}
