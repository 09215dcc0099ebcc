import type { StartupLdap } from '@confab/shared';
import type { Db } from '../../db/database.js';
import type { Env } from '../../env.js';
import type { DirectoryLogin } from '../auth/auth.service.js';
import { resolveDirectoryUser, type DirectoryAccountPolicy } from './ldap-accounts.js';
import { verifyDirectoryPassword, type DirectoryLogger } from './ldap-directory.js';
import { profileFromEntry } from './ldap-profile.js';
import { ldapSettingsFromEnv } from './ldap-settings.js';

/**
 * Directory sign-in (issue 40): with LDAP_URL and LDAP_USER_SEARCH_BASE set, the password login
 * asks the directory, as LibreChat's does (local passwords no longer sign in). Undefined when off.
 */
export function createDirectoryLogin(
  env: Env,
  db: Db,
  policy: DirectoryAccountPolicy,
  log: DirectoryLogger,
): DirectoryLogin | undefined {
  const settings = ldapSettingsFromEnv(env);
  if (!settings) return undefined;
  return {
    usesUsername: settings.usesUsername,
    async signIn(login, password) {
      const entry = await verifyDirectoryPassword(settings, login, password, log);
      if (!entry) return undefined;
      return resolveDirectoryUser(db, profileFromEntry(entry, settings), policy, log);
    },
  };
}

/** GET /api/config's `ldap`, in LibreChat's shape. */
export function startupLdap(env: Env): StartupLdap {
  const enabled = Boolean(env.LDAP_URL?.trim() && env.LDAP_USER_SEARCH_BASE?.trim());
  return { enabled, username: enabled && (env.LDAP_LOGIN_USES_USERNAME ?? false) };
}
