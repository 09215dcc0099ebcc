import type { SocialProfile } from './oauth-types.js';

const str = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

/** Providers send `true` or, like Apple, the string "true". */
export const isTrue = (value: unknown): boolean => value === true || value === 'true';

/** A picture is kept as a plain http(s) URL the browser loads; the server never fetches it. */
export function safePictureUrl(value: unknown): string | undefined {
  const text = str(value);
  if (!text || text.length > 2048) return undefined;
  try {
    const url = new URL(text);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export interface ClaimNames {
  usernameClaim?: string | undefined;
  nameClaim?: string | undefined;
}

/**
 * An OpenID Connect claim set (ID token merged with userinfo) as a profile. The name and
 * username claims are configurable as in LibreChat (OPENID_NAME_CLAIM, OPENID_USERNAME_CLAIM).
 */
export function profileFromClaims(claims: Record<string, unknown>, names: ClaimNames = {}): SocialProfile {
  const given = str(claims.given_name);
  const family = str(claims.family_name);
  const fullName = given && family ? `${given} ${family}` : (given ?? family);
  return {
    subject: String(claims.sub ?? ''),
    email: str(claims.email)?.toLowerCase(),
    emailVerified: isTrue(claims.email_verified),
    name: (names.nameClaim ? str(claims[names.nameClaim]) : undefined) ?? str(claims.name) ?? fullName,
    username:
      (names.usernameClaim ? str(claims[names.usernameClaim]) : undefined) ??
      str(claims.preferred_username) ??
      str(claims.username) ??
      str(claims.nickname),
    picture: safePictureUrl(claims.picture),
  };
}

/** Bearer GET of a provider's JSON API (profile, emails); a non-2xx answer is a failed sign-in. */
export async function fetchJson<T>(url: string, accessToken: string, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', ...headers },
    signal: AbortSignal.timeout(15_000),
  });
  if (!response.ok) throw new Error(`${new URL(url).host} answered ${response.status}`);
  return (await response.json()) as T;
}
