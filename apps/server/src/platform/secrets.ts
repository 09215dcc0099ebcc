import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Env } from '../env.js';

export interface Secrets {
  jwtSecret: string;
  jwtRefreshSecret: string;
  /** 32-byte key (hex) for AES-256-GCM encryption of user keys. */
  credsKey: string;
}

/**
 * Secrets from the environment, else generated once into `<DATA_DIR>/secrets.json`
 * (mode 0600) so the embedded default needs no setup and survives restarts.
 */
export function loadSecrets(env: Env): Secrets {
  const file = join(env.DATA_DIR, 'secrets.json');
  let stored: Partial<Secrets> = {};
  if (existsSync(file)) stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<Secrets>;
  const secrets: Secrets = {
    jwtSecret: env.JWT_SECRET ?? stored.jwtSecret ?? randomBytes(48).toString('base64url'),
    jwtRefreshSecret: env.JWT_REFRESH_SECRET ?? stored.jwtRefreshSecret ?? randomBytes(48).toString('base64url'),
    credsKey: env.CREDS_KEY ?? stored.credsKey ?? randomBytes(32).toString('hex'),
  };
  const toStore = {
    jwtSecret: env.JWT_SECRET ? stored.jwtSecret : secrets.jwtSecret,
    jwtRefreshSecret: env.JWT_REFRESH_SECRET ? stored.jwtRefreshSecret : secrets.jwtRefreshSecret,
    credsKey: env.CREDS_KEY ? stored.credsKey : secrets.credsKey,
  };
  if (JSON.stringify(toStore) !== JSON.stringify(stored)) {
    mkdirSync(env.DATA_DIR, { recursive: true });
    writeFileSync(file, JSON.stringify(toStore, null, 2), { mode: 0o600 });
  }
  return secrets;
}
