/**
 * `{{…}}` placeholders in an MCP server's url, headers, env and args, as LibreChat's
 * processMCPEnv fills them: the user's id, email, username and name, and the server's
 * customUserVars. One pass over the administrator's template: a value a user supplied is
 * inserted as it is and never scanned again, so `${SECRET}` or `{{…}}` inside it stays literal
 * (config secrets were resolved when the config loaded, before any user value existed).
 */
export interface McpUserValues {
  id: string;
  email?: string | undefined;
  username?: string | undefined;
  name?: string | undefined;
  /** The user's customUserVars for this server. */
  vars: Record<string, string>;
}

const PLACEHOLDER = /\{\{([A-Za-z0-9_]+)\}\}/g;

/** Placeholders whose values the user chose (anything but the id the server generated). */
const USER_CHOSEN = new Set(['LIBRECHAT_USER_EMAIL', 'LIBRECHAT_USER_USERNAME', 'LIBRECHAT_USER_NAME']);

function valueOf(name: string, user: McpUserValues, customVars: ReadonlySet<string>): string | undefined {
  switch (name) {
    case 'LIBRECHAT_USER_ID':
      return user.id;
    case 'LIBRECHAT_USER_EMAIL':
      return user.email ?? '';
    case 'LIBRECHAT_USER_USERNAME':
      return user.username ?? '';
    case 'LIBRECHAT_USER_NAME':
      return user.name ?? '';
    default:
      return customVars.has(name) ? (user.vars[name] ?? '') : undefined;
  }
}

/** Fills the placeholders of one template; unknown ones stay as written. */
export function fillPlaceholders(template: string, user: McpUserValues, customVars: ReadonlySet<string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => valueOf(name, user, customVars) ?? whole);
}

export function fillRecord(
  record: Record<string, string> | undefined,
  user: McpUserValues,
  customVars: ReadonlySet<string>,
): Record<string, string> | undefined {
  if (!record) return undefined;
  return Object.fromEntries(Object.entries(record).map(([k, v]) => [k, fillPlaceholders(v, user, customVars)]));
}

/** The placeholder names a template uses. */
export function placeholdersIn(template: string): string[] {
  return [...template.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '');
}

/** True when a template, once filled, holds something a user chose (so a URL needs the egress guard). */
export function isUserInfluenced(template: string, customVars: ReadonlySet<string>): boolean {
  return placeholdersIn(template).some((name) => USER_CHOSEN.has(name) || customVars.has(name));
}
