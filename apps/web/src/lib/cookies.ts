export interface CookieOptions {
  days?: number;
  path?: string;
  sameSite?: 'Strict' | 'Lax' | 'None';
  secure?: boolean;
  /** For tests: the moment `days` counts from. */
  now?: Date;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Builds a `document.cookie` assignment string.
 * @example serializeCookie('lang', 'de-DE', { days: 365 }) // 'lang=de-DE; Expires=...; Path=/; SameSite=Lax'
 */
export function serializeCookie(name: string, value: string, options: CookieOptions = {}): string {
  const parts = [`${encodeURIComponent(name)}=${encodeURIComponent(value)}`];
  if (options.days !== undefined) {
    const expires = new Date((options.now ?? new Date()).getTime() + options.days * DAY_MS);
    parts.push(`Expires=${expires.toUTCString()}`);
  }
  parts.push(`Path=${options.path ?? '/'}`);
  parts.push(`SameSite=${options.sameSite ?? 'Lax'}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Reads one cookie from a `document.cookie`-style string; null when absent. */
export function parseCookie(cookieString: string, name: string): string | null {
  for (const pair of cookieString.split(';')) {
    const index = pair.indexOf('=');
    if (index < 0) continue;
    const key = pair.slice(0, index).trim();
    if (safeDecode(key) !== name) continue;
    return safeDecode(pair.slice(index + 1).trim());
  }
  return null;
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

export function getCookie(name: string): string | null {
  return typeof document === 'undefined' ? null : parseCookie(document.cookie, name);
}

export function setCookie(name: string, value: string, options: CookieOptions = {}): void {
  if (typeof document === 'undefined') return;
  const secure = options.secure ?? window.location.protocol === 'https:';
  document.cookie = serializeCookie(name, value, { ...options, secure });
}
