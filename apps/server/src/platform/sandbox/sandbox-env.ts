import { join, resolve } from 'node:path';
import type { Env } from '../../env.js';
import type { SandboxOptions } from './sandbox.js';

/** The administrator's SANDBOX_* settings (env.ts, .env.example) as the sandbox's options. */
export function sandboxOptionsFromEnv(env: Env): Omit<SandboxOptions, 'log'> {
  return {
    rootDir: resolve(env.SANDBOX_DIR ?? join(env.DATA_DIR, 'sandbox')),
    isDefaultRoot: env.SANDBOX_DIR === undefined,
    limits: {
      wallTimeMs: env.SANDBOX_WALL_TIME_SECONDS * 1000,
      memoryBytes: env.SANDBOX_MEMORY_MB * 1024 * 1024,
      processes: env.SANDBOX_MAX_PROCESSES,
      outputBytes: env.SANDBOX_OUTPUT_KB * 1024,
      fileSizeBytes: env.SANDBOX_FILES_MB * 1024 * 1024,
      cpus: env.SANDBOX_CPUS,
    },
    sessionTtlMs: env.SANDBOX_SESSION_TTL_MINUTES * 60 * 1000,
    maxConcurrent: env.SANDBOX_MAX_CONCURRENT,
  };
}
