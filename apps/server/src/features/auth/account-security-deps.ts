import type { AppConfig } from '../../config/config-schema.js';
import type { Env } from '../../env.js';
import type { LimiterFactory } from '../../platform/limiter.js';
import type { Mailer } from '../../platform/mailer.js';
import type { Secrets } from '../../platform/secrets.js';
import type { FilesService } from '../files/files.service.js';
import type { AuthService } from './auth.service.js';

/** What the account-security features (issue 22) are built from, handed over by app.ts. */
export interface AccountSecurityDeps {
  auth: AuthService;
  env: Env;
  config: AppConfig;
  secrets: Secrets;
  limiter: LimiterFactory;
  mailer: Mailer;
  /** Stored bytes of a user's files, removed with the account. */
  files: FilesService;
  /**
   * Where the browser is sent after a social sign-in and where mailed links point: DOMAIN_CLIENT,
   * else DOMAIN_SERVER, else the server's own address.
   */
  clientOrigin: string;
  serverOrigin: string;
}
