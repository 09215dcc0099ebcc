import type { Migration } from 'kysely';
import * as accounts from './001-accounts.js';

/** Every migration, in order. Names sort lexicographically; never rename one that shipped. */
export const migrations: Record<string, Migration> = {
  '001-accounts': accounts,
};
