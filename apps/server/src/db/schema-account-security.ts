/** Account security's tables (issue 22, migration 013); shapes as in schema.ts. */

/** Migration 013: single-use secrets (email verification, password reset, 2FA temp token); only the hash is kept. */
export interface AuthTokensTable {
  id: string;
  user_id: string;
  /** `invite` (issue 40): an administrator's sign-up link, for a user row made with the invitation. */
  kind: 'email_verification' | 'password_reset' | 'two_factor_temp' | 'two_factor_step_up' | 'invite';
  token_hash: string;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

/** A WebAuthn credential (migration 013). `id` and `public_key` are base64url. */
export interface PasskeysTable {
  id: string;
  user_id: string;
  public_key: string;
  counter: number;
  /** JSON array of AuthenticatorTransport. */
  transports: string;
  device_type: string;
  backed_up: number;
  name: string;
  created_at: string;
  last_used_at: string | null;
}

export interface WebauthnChallengesTable {
  id: string;
  /** Null for a sign-in started without an email (a discoverable credential). */
  user_id: string | null;
  kind: 'registration' | 'authentication' | 'second_factor';
  challenge: string;
  expires_at: string;
  created_at: string;
}

/** A social or OpenID identity linked to a user, by the provider's subject (migration 013). */
export interface UserIdentitiesTable {
  provider: string;
  subject: string;
  user_id: string;
  email: string | null;
  created_at: string;
}

/** Counted misuse by SPEC 8's violation types (migration 013). */
export interface ViolationsTable {
  id: string;
  user_id: string | null;
  ip: string | null;
  type: string;
  score: number;
  /** JSON object. */
  details: string;
  created_at: string;
}
