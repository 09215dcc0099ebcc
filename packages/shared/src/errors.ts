/**
 * Stable error codes every API error carries in `{ code, message }`. Clients dispatch on the
 * code, never on the message text.
 */
export const ERROR_CODES = [
  'validation_error',
  'invalid_json',
  'payload_too_large',
  'unauthorized',
  'token_expired',
  'invalid_credentials',
  'forbidden',
  'banned',
  'email_not_verified',
  'registration_disabled',
  'email_login_disabled',
  'email_taken',
  'rate_limited',
  'not_found',
  'conflict',
  'invalid_import',
  /** A chat asked for a model its endpoint does not offer (SPEC 8's violation illegal_model_request). */
  'illegal_model_request',
  'internal_error',
  // Refusals of the HTTP request itself, before any route reads it.
  'bad_request',
  'unsupported_media_type',
  'uri_too_long',
  'headers_too_large',
  'request_timeout',
  /** A chat named an endpoint the server does not offer. */
  'unknown_endpoint',
  /** Too many uploads in the window (SPEC 8's violation file_upload_limit). */
  'file_upload_limit',
  /** Too many speech requests in the window (SPEC 8's violations tts_limit, stt_limit). */
  'tts_limit',
  'stt_limit',
  /** An upload refused by a SPEC 5 check (count, size, total, type, empty, duplicate). */
  'invalid_file',
  /** An upload over its size limit. */
  'file_too_large',
  // Account security (issue 22).
  /** A wrong, replayed or used TOTP or backup code. */
  'invalid_two_factor_code',
  /** Account settings (issue 40): the current password given to change the password or email is wrong. */
  'wrong_current_password',
  /** A two-factor temp token that is unknown, expired or already used. */
  'invalid_temp_token',
  /** A two-factor change asked of an account without it, or enabling it twice. */
  'two_factor_state',
  /** Two-factor is for accounts that sign in with a password (SPEC 6). */
  'two_factor_not_available',
  /** A reset or verification link that is unknown, expired or used. */
  'invalid_token',
  'password_reset_disabled',
  /** createPassword on an account that has one. */
  'password_exists',
  /** A social provider not configured, or social sign-in/registration turned off. */
  'social_login_disabled',
  /** A social sign-in refused: state, PKCE or the provider's answer did not check out. */
  'oauth_failed',
  /** A WebAuthn ceremony that did not verify (wrong challenge, origin, signature or counter). */
  'passkey_failed',
  /** Typed confirmation that does not match (the account deletion's email). */
  'confirmation_mismatch',
  /** An address outside `registration.allowedDomains`. */
  'email_domain_not_allowed',
  /** Stripe could not be reached or refused a call (checkout, portal). */
  'payment_provider_error',
  // Code execution (issue 37): the Run button's failures, toasted (SPEC 8 code run failure).
  /** A second run within TIMING.runCodeThrottleMs of the last (SPEC 9 run-code throttle). */
  'run_code_limit',
  /** Code cannot run here: no sandbox, the language is off, or the Code API is unreachable. */
  'code_run_unavailable',
  /** The Code API is set to user_provided and the user has not installed a key (or it was refused). */
  'code_key_required',
  /** The Code API failed the run. */
  'code_run_failed',
  /** A file past its expiresAt (a code run's): its bytes are gone. */
  'file_expired',
  /**
   * An artifact edit whose `original` is no longer in the artifact: it changed since the editor
   * read it (another tab, a later version). Reload the message and edit again.
   */
  'artifact_changed',
  /** Directory sign-in (LDAP_URL) could not reach or use the directory: nothing was decided about the password. */
  'directory_unavailable',
  /** A send while the user's CONCURRENT_MESSAGE_MAX generations run (SPEC 8's `concurrent`). */
  'concurrent',
  /** A send over MESSAGE_IP_MAX / MESSAGE_USER_MAX in the window (SPEC 8's `message_limit`). */
  'message_limit',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

/** Error body of every non-2xx JSON response. `message` is safe to show. */
export interface ApiErrorBody {
  code: ErrorCode | (string & {});
  message: string;
  /** Field-level problems of a validation error, keyed by dotted path. */
  issues?: { path: string; message: string }[];
}

/** SPEC 8 model error codes, carried in a stream error's JSON `text` as `{ type }`. */
export const MODEL_ERROR_TYPES = [
  'no_user_key',
  'expired_user_key',
  'invalid_user_key',
  'no_base_url',
  'moderation',
  'INPUT_LENGTH',
  'invalid_request_error',
  'invalid_action_error',
  'no_system_messages',
  'google_error',
  'invalid_agent_provider',
  'ban',
  'invalid_api_key',
  'insufficient_quota',
  'concurrent',
  'message_limit',
  'token_balance',
  'rate_limit',
  'server_error',
] as const;
export type ModelErrorType = (typeof MODEL_ERROR_TYPES)[number];
