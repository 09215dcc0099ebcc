import type { AppConfig } from '../../config/config-schema.js';
import type { Db } from '../../db/database.js';
import type { Env } from '../../env.js';
import type { LimiterFactory } from '../../platform/limiter.js';

/** What the balance and subscriptions features (issue 23) are built from, handed over by app.ts. */
export interface BillingDeps {
  db: Db;
  env: Env;
  config: AppConfig;
  limiter: LimiterFactory;
  /** Where checkout and the billing portal return to (DOMAIN_CLIENT, else the server's address). */
  clientOrigin: string;
}
