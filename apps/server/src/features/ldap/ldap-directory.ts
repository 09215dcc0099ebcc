import { Client, Filter, InvalidCredentialsError, ResultCodeError, type Entry } from 'ldapts';
import { AppError } from '../../platform/errors.js';
import type { LdapSettings } from './ldap-settings.js';

/** An entry's attributes by lower-case name, each with its text values (binary ones left out). */
export interface DirectoryEntry {
  dn: string;
  attributes: Map<string, string[]>;
}

/** What is read besides the configured attributes: LibreChat's list, for names and ids. */
const BASE_ATTRIBUTES = ['displayName', 'mail', 'uid', 'cn', 'name', 'commonname', 'givenName', 'sn', 'sAMAccountName'];

const CONNECT_TIMEOUT_MS = 5_000;
const OPERATION_TIMEOUT_MS = 10_000;

/** A refusal that says nothing about the password: the directory is down or refused the service account. */
function unavailable(): AppError {
  return new AppError('directory_unavailable', 'The sign-in directory could not be reached. Please try again later.');
}

/** The search filter with the typed value in place, escaped so it can only ever be a value (RFC 4515). */
export function buildSearchFilter(template: string, login: string): string {
  const filter = template.replaceAll('{{username}}', Filter.escape(login));
  // LibreChat's default (mail={{username}}) has no parentheses; a filter string needs them.
  return filter.startsWith('(') ? filter : `(${filter})`;
}

function searchAttributes(settings: LdapSettings): string[] {
  const { id, username, email, fullName } = settings.attributes;
  const wanted = [...BASE_ATTRIBUTES, ...fullName, id, username, email].filter((name): name is string => !!name);
  const byLowerCase = new Map(wanted.map((name) => [name.toLowerCase(), name]));
  return [...byLowerCase.values()];
}

function toDirectoryEntry(entry: Entry): DirectoryEntry {
  const attributes = new Map<string, string[]>();
  for (const [name, value] of Object.entries(entry)) {
    if (name === 'dn') continue;
    const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    if (values.length > 0) attributes.set(name.toLowerCase(), values);
  }
  return { dn: entry.dn, attributes };
}

export interface DirectoryLogger {
  warn(details: object, message: string): void;
}

/**
 * The directory entry whose password this is, or undefined (no such entry in the search base,
 * more than one, or a wrong password): the caller answers all of these alike. Throws
 * `directory_unavailable` when the directory cannot be asked.
 *
 * An empty password is refused here before anything is sent: a simple bind with a DN and no
 * password is an unauthenticated bind, which many directories accept as anonymous.
 */
export async function verifyDirectoryPassword(
  settings: LdapSettings,
  login: string,
  password: string,
  log: DirectoryLogger,
): Promise<DirectoryEntry | undefined> {
  if (!login || !password) return undefined;
  const client = new Client({
    url: settings.url,
    connectTimeout: CONNECT_TIMEOUT_MS,
    timeout: OPERATION_TIMEOUT_MS,
    ...(settings.tlsOptions ? { tlsOptions: settings.tlsOptions } : {}),
  });
  try {
    let found: Entry[];
    try {
      if (settings.startTls) await client.startTLS(settings.tlsOptions ?? {});
      if (settings.bindDn) await client.bind(settings.bindDn, settings.bindCredentials ?? '');
      const result = await client.search(settings.searchBase, {
        scope: 'sub',
        filter: buildSearchFilter(settings.searchFilter, login),
        attributes: searchAttributes(settings),
        // Two are enough to know the filter is ambiguous.
        sizeLimit: 2,
      });
      found = result.searchEntries;
    } catch (err) {
      // A filter matching more than the size limit: ambiguous, so nobody signs in.
      if (err instanceof ResultCodeError && err.code === 4) return undefined;
      log.warn({ err, url: settings.url }, 'LDAP: could not search the directory (check LDAP_URL, LDAP_BIND_DN)');
      throw unavailable();
    }
    const [entry] = found;
    if (!entry || found.length > 1) return undefined;
    try {
      await client.bind(entry.dn, password);
    } catch (err) {
      if (err instanceof InvalidCredentialsError) return undefined;
      // The directory answered with another refusal (an expired or locked account, say).
      if (err instanceof ResultCodeError) {
        log.warn({ code: err.code, dn: entry.dn }, 'LDAP: the directory refused the user bind');
        return undefined;
      }
      log.warn({ err, url: settings.url }, 'LDAP: the user bind failed');
      throw unavailable();
    }
    return toDirectoryEntry(entry);
  } finally {
    await client.unbind().catch(() => undefined);
  }
}
