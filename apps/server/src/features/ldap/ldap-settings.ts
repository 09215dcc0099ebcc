import { readFileSync } from 'node:fs';
import type { ConnectionOptions } from 'node:tls';
import type { Env } from '../../env.js';

/** How directory sign-in reaches and reads the directory, from LibreChat's LDAP_* settings. */
export interface LdapSettings {
  url: string;
  /** The service account that searches; without it the search is anonymous. */
  bindDn?: string;
  bindCredentials?: string;
  searchBase: string;
  /** With `{{username}}` where the typed value goes, escaped (RFC 4515). */
  searchFilter: string;
  usesUsername: boolean;
  startTls: boolean;
  tlsOptions?: ConnectionOptions;
  /** LDAP_ID, LDAP_USERNAME, LDAP_EMAIL, LDAP_FULL_NAME (split on commas). */
  attributes: { id?: string; username?: string; email?: string; fullName: string[] };
}

/** LibreChat's default: the typed value is the entry's email address. */
export const DEFAULT_SEARCH_FILTER = 'mail={{username}}';

const optional = (value: string | undefined) => (value?.trim() ? value.trim() : undefined);

/**
 * Directory sign-in is on when LDAP_URL and LDAP_USER_SEARCH_BASE are set, as in LibreChat. A CA
 * file that cannot be read stops the start: signing in against an unverified directory is worse
 * than not starting. Unlike LibreChat, certificates are checked unless
 * LDAP_TLS_REJECT_UNAUTHORIZED is false (LibreChat stops checking when a CA file is given and the
 * flag is unset).
 */
export function ldapSettingsFromEnv(env: Env): LdapSettings | undefined {
  const url = optional(env.LDAP_URL);
  const searchBase = optional(env.LDAP_USER_SEARCH_BASE);
  if (!url || !searchBase) return undefined;
  const caPath = optional(env.LDAP_CA_CERT_PATH);
  let tlsOptions: ConnectionOptions | undefined;
  if (caPath || env.LDAP_TLS_REJECT_UNAUTHORIZED !== undefined) {
    tlsOptions = { rejectUnauthorized: env.LDAP_TLS_REJECT_UNAUTHORIZED ?? true };
    if (caPath) {
      try {
        tlsOptions.ca = [readFileSync(caPath)];
      } catch (err) {
        throw new Error(`LDAP_CA_CERT_PATH: cannot read ${caPath} (${(err as Error).message})`);
      }
    }
  }
  const bindDn = optional(env.LDAP_BIND_DN);
  const id = optional(env.LDAP_ID);
  const username = optional(env.LDAP_USERNAME);
  const email = optional(env.LDAP_EMAIL);
  return {
    url,
    ...(bindDn ? { bindDn, bindCredentials: env.LDAP_BIND_CREDENTIALS ?? '' } : {}),
    searchBase,
    searchFilter: optional(env.LDAP_SEARCH_FILTER) ?? DEFAULT_SEARCH_FILTER,
    usesUsername: env.LDAP_LOGIN_USES_USERNAME ?? false,
    startTls: env.LDAP_STARTTLS ?? false,
    ...(tlsOptions ? { tlsOptions } : {}),
    attributes: {
      ...(id ? { id } : {}),
      ...(username ? { username } : {}),
      ...(email ? { email } : {}),
      fullName: (env.LDAP_FULL_NAME ?? '')
        .split(',')
        .map((name) => name.trim())
        .filter(Boolean),
    },
  };
}
