import { TEXT_LIMITS } from '@confab/shared';
import type { DirectoryEntry } from './ldap-directory.js';
import type { LdapSettings } from './ldap-settings.js';

/** What a local account takes from a directory entry. */
export interface DirectoryProfile {
  /** The directory's id for the person: user_identities' subject for provider 'ldap'. */
  subject: string;
  email: string;
  /** No email attribute: `email` is a made-up <id>@ldap.local address. */
  emailIsPlaceholder: boolean;
  name: string;
  username: string;
}

/** Where an entry without an email attribute gets its address, as in LibreChat. */
export const PLACEHOLDER_EMAIL_DOMAIN = 'ldap.local';

function first(entry: DirectoryEntry, attribute: string | undefined): string | undefined {
  if (!attribute) return undefined;
  const value = entry.attributes.get(attribute.toLowerCase())?.[0]?.trim();
  return value ? value : undefined;
}

/**
 * LibreChat's mapping: the id is LDAP_ID, else uid, sAMAccountName or mail; the name joins the
 * LDAP_FULL_NAME attributes, else cn, name, commonname or displayName; the username is
 * LDAP_USERNAME, else givenName or mail; the email LDAP_EMAIL, else mail. Without any email
 * LibreChat makes one from the username; here from the id, which the directory keeps unique
 * (two people with one given name would otherwise share an address).
 */
export function profileFromEntry(entry: DirectoryEntry, settings: LdapSettings): DirectoryProfile {
  const { attributes } = settings;
  const subject =
    first(entry, attributes.id) ??
    first(entry, 'uid') ??
    first(entry, 'sAMAccountName') ??
    first(entry, 'mail') ??
    entry.dn.toLowerCase();
  const mail = first(entry, attributes.email) ?? first(entry, 'mail');
  const fullName = attributes.fullName
    .map((attribute) => first(entry, attribute))
    .filter(Boolean)
    .join(' ');
  const username = first(entry, attributes.username) ?? first(entry, 'givenName') ?? mail ?? subject;
  const name =
    fullName ||
    (first(entry, 'cn') ??
      first(entry, 'name') ??
      first(entry, 'commonname') ??
      first(entry, 'displayName') ??
      username);
  const localPart =
    subject
      .toLowerCase()
      .replace(/[^a-z0-9._-]+/g, '-')
      .replace(/^-+|-+$/g, '') || 'user';
  return {
    subject,
    email: (mail ?? `${localPart}@${PLACEHOLDER_EMAIL_DOMAIN}`).toLowerCase().slice(0, TEXT_LIMITS.emailMax),
    emailIsPlaceholder: !mail,
    name: name.slice(0, TEXT_LIMITS.nameMax),
    username: username.slice(0, TEXT_LIMITS.usernameMax),
  };
}
