import { z } from 'zod';

/**
 * The one place that reads process.env. Everything else receives a typed `Env`.
 * Values from `.env` are loaded into process.env by main.ts before this runs.
 */
const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => (v === undefined || v === '' ? undefined : ['true', '1', 'yes'].includes(v)));

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3080),
  HOST: z.string().default('localhost'),
  DATA_DIR: z.string().default('./data'),
  CONFIG_PATH: z.string().default('./config.yaml'),
  DATABASE_URL: z.string().optional(),
  REDIS_URI: z.string().optional(),
  DOMAIN_CLIENT: z.string().optional(),
  DOMAIN_SERVER: z.string().optional(),
  JWT_SECRET: z.string().min(32).optional(),
  JWT_REFRESH_SECRET: z.string().min(32).optional(),
  CREDS_KEY: z
    .string()
    .regex(/^[0-9a-f]{64}$/i, 'CREDS_KEY must be 64 hex characters')
    .optional(),
  SESSION_EXPIRY: z.coerce
    .number()
    .int()
    .positive()
    .default(15 * 60 * 1000),
  REFRESH_TOKEN_EXPIRY: z.coerce
    .number()
    .int()
    .positive()
    .default(7 * 24 * 60 * 60 * 1000),
  ALLOW_REGISTRATION: booleanFlag,
  ALLOW_EMAIL_LOGIN: booleanFlag,
  ALLOW_SOCIAL_LOGIN: booleanFlag,
  ALLOW_SOCIAL_REGISTRATION: booleanFlag,
  ALLOW_PASSWORD_RESET: booleanFlag,
  ALLOW_SHARED_LINKS: booleanFlag,
  ALLOW_SHARED_LINKS_PUBLIC: booleanFlag,
  APP_TITLE: z.string().optional(),
  /**
   * LibreChat's footer text (markdown, parts split by "|"); set, even empty, it replaces
   * `interface.customFooter`. Empty shows no footer text.
   */
  CUSTOM_FOOTER: z.string().max(2000).optional(),
  /** Google Tag Manager container (LibreChat's name): analytics events also go to its dataLayer. */
  ANALYTICS_GTM_ID: z
    .union([z.literal(''), z.string().regex(/^GTM-[A-Z0-9]{1,12}$/, 'a Tag Manager id, GTM-XXXXXXX')])
    .optional(),
  /**
   * Where artifact previews may connect (fetch, XHR, WebSocket): space- or comma-separated origins
   * such as `https://api.example.com` or `https://*.example.com`. Unset: nowhere (CSP connect-src 'none').
   */
  ARTIFACTS_CONNECT_SRC: z
    .string()
    .optional()
    .transform((value) => (value ?? '').split(/[\s,]+/).filter(Boolean))
    .refine((origins) => origins.every((origin) => /^(?:https?|wss?):\/\/(?:\*\.)?[a-z0-9.-]+(?::\d{1,5})?$/i.test(origin)), {
      message: 'a list of origins such as https://api.example.com',
    }),
  LOGIN_MAX: z.coerce.number().int().positive().default(7),
  LOGIN_WINDOW: z.coerce.number().int().positive().default(5),
  LOGIN_IP_MAX: z.coerce.number().int().positive().default(30),
  /**
   * Wrong two-factor codes (issue 34), named as LOGIN_* are: TWO_FACTOR_MAX per account and
   * TWO_FACTOR_IP_MAX per address, per TWO_FACTOR_WINDOW minutes. The address limit is the larger
   * one: many people sign in from behind one office router, and one person's typos must not lock
   * the others out; the account limit is what stops guessing one account's codes.
   */
  TWO_FACTOR_MAX: z.coerce.number().int().positive().default(5),
  TWO_FACTOR_IP_MAX: z.coerce.number().int().positive().default(30),
  TWO_FACTOR_WINDOW: z.coerce.number().int().positive().default(15),
  REGISTER_MAX: z.coerce.number().int().positive().default(5),
  REGISTER_WINDOW: z.coerce.number().int().positive().default(60),
  /**
   * Account security (issue 22), with LibreChat's names. Mail: EMAIL_SERVICE (a nodemailer
   * well-known service such as "gmail") or EMAIL_HOST/EMAIL_PORT; EMAIL_ENCRYPTION is "tls"
   * (implicit TLS), "starttls" or "none"; EMAIL_ALLOW_SELFSIGNED accepts a self-signed server.
   */
  EMAIL_SERVICE: z.string().optional(),
  EMAIL_HOST: z.string().optional(),
  EMAIL_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  EMAIL_ENCRYPTION: z.enum(['tls', 'starttls', 'none', '']).optional(),
  EMAIL_ENCRYPTION_HOSTNAME: z.string().optional(),
  EMAIL_ALLOW_SELFSIGNED: booleanFlag,
  EMAIL_USERNAME: z.string().optional(),
  EMAIL_PASSWORD: z.string().optional(),
  EMAIL_FROM: z.string().optional(),
  EMAIL_FROM_NAME: z.string().optional(),
  /** With mail configured, accounts must verify their address before signing in unless this is true. */
  ALLOW_UNVERIFIED_EMAIL_LOGIN: booleanFlag,
  /** Verification mails and reset requests per window (minutes), LibreChat's names and defaults. */
  VERIFY_EMAIL_MAX: z.coerce.number().int().positive().default(2),
  VERIFY_EMAIL_WINDOW: z.coerce.number().positive().default(2),
  RESET_PASSWORD_MAX: z.coerce.number().int().positive().default(2),
  RESET_PASSWORD_WINDOW: z.coerce.number().positive().default(2),
  /** Social and OpenID sign-in (LibreChat's names). Callback URLs are paths joined to DOMAIN_SERVER. */
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  GOOGLE_CALLBACK_URL: z.string().default('/oauth/google/callback'),
  GITHUB_CLIENT_ID: z.string().optional(),
  GITHUB_CLIENT_SECRET: z.string().optional(),
  GITHUB_CALLBACK_URL: z.string().default('/oauth/github/callback'),
  GITHUB_ENTERPRISE_BASE_URL: z.string().optional(),
  DISCORD_CLIENT_ID: z.string().optional(),
  DISCORD_CLIENT_SECRET: z.string().optional(),
  DISCORD_CALLBACK_URL: z.string().default('/oauth/discord/callback'),
  FACEBOOK_CLIENT_ID: z.string().optional(),
  FACEBOOK_CLIENT_SECRET: z.string().optional(),
  FACEBOOK_CALLBACK_URL: z.string().default('/oauth/facebook/callback'),
  APPLE_CLIENT_ID: z.string().optional(),
  APPLE_TEAM_ID: z.string().optional(),
  APPLE_KEY_ID: z.string().optional(),
  APPLE_PRIVATE_KEY_PATH: z.string().optional(),
  APPLE_CALLBACK_URL: z.string().default('/oauth/apple/callback'),
  LINKEDIN_CLIENT_ID: z.string().optional(),
  LINKEDIN_CLIENT_SECRET: z.string().optional(),
  LINKEDIN_CALLBACK_URL: z.string().default('/oauth/linkedin/callback'),
  OPENID_ISSUER: z.string().optional(),
  OPENID_CLIENT_ID: z.string().optional(),
  OPENID_CLIENT_SECRET: z.string().optional(),
  OPENID_SCOPE: z.string().default('openid profile email'),
  OPENID_CALLBACK_URL: z.string().default('/oauth/openid/callback'),
  OPENID_BUTTON_LABEL: z.string().optional(),
  OPENID_IMAGE_URL: z.string().optional(),
  OPENID_AUTO_REDIRECT: booleanFlag,
  /** Claim holding the user name (LibreChat's names); preferred_username, then name, by default. */
  OPENID_USERNAME_CLAIM: z.string().optional(),
  OPENID_NAME_CLAIM: z.string().optional(),
  /**
   * Sign a social or OpenID identity into an existing local account with the same email. Off by
   * default: a provider's email is only trusted when it says the address is verified, and even
   * then only when the administrator turns this on.
   */
  ALLOW_SOCIAL_ACCOUNT_LINKING: booleanFlag,
  /**
   * Directory sign-in (issue 40), LibreChat's names: with LDAP_URL and LDAP_USER_SEARCH_BASE set,
   * POST /api/auth/login checks the password against the directory instead of local accounts
   * (features/ldap). LDAP_SEARCH_FILTER defaults to mail={{username}}; LDAP_ID, LDAP_USERNAME,
   * LDAP_EMAIL and LDAP_FULL_NAME (comma-separated) name the attributes read.
   */
  LDAP_URL: z.string().optional(),
  LDAP_BIND_DN: z.string().optional(),
  LDAP_BIND_CREDENTIALS: z.string().optional(),
  LDAP_USER_SEARCH_BASE: z.string().optional(),
  LDAP_SEARCH_FILTER: z.string().optional(),
  LDAP_LOGIN_USES_USERNAME: booleanFlag,
  LDAP_CA_CERT_PATH: z.string().optional(),
  LDAP_TLS_REJECT_UNAUTHORIZED: booleanFlag,
  LDAP_STARTTLS: booleanFlag,
  LDAP_ID: z.string().optional(),
  LDAP_USERNAME: z.string().optional(),
  LDAP_EMAIL: z.string().optional(),
  LDAP_FULL_NAME: z.string().optional(),
  /** Passkeys: the relying party id (the site's host name) and the name authenticators show. */
  WEBAUTHN_RP_ID: z.string().optional(),
  WEBAUTHN_RP_NAME: z.string().optional(),
  /**
   * Automatic bans (LibreChat's names): when BAN_VIOLATIONS is on, a user whose violation score
   * reaches BAN_INTERVAL is banned for BAN_DURATION milliseconds.
   */
  BAN_VIOLATIONS: booleanFlag,
  BAN_DURATION: z.coerce
    .number()
    .int()
    .min(0)
    .default(2 * 60 * 60 * 1000),
  BAN_INTERVAL: z.coerce.number().int().positive().default(20),
  LOGIN_VIOLATION_SCORE: z.coerce.number().int().min(0).default(1),
  REGISTRATION_VIOLATION_SCORE: z.coerce.number().int().min(0).default(1),
  CONCURRENT_VIOLATION_SCORE: z.coerce.number().int().min(0).default(1),
  MESSAGE_VIOLATION_SCORE: z.coerce.number().int().min(0).default(1),
  NON_BROWSER_VIOLATION_SCORE: z.coerce.number().int().min(0).default(20),
  ILLEGAL_MODEL_REQ_SCORE: z.coerce.number().int().min(0).default(5),
  /** An agent run that stopped at its recursion (tool-call) limit (SPEC 8's tool_call_limit). */
  TOOL_CALL_VIOLATION_SCORE: z.coerce.number().int().min(0).default(1),
  /**
   * Message limits on every chat send (LibreChat's names; off unless turned on, as in LibreChat's
   * code; its .env.example turns the concurrent and per-IP ones on). Windows are in minutes.
   */
  LIMIT_CONCURRENT_MESSAGES: booleanFlag,
  CONCURRENT_MESSAGE_MAX: z.coerce.number().int().positive().default(2),
  LIMIT_MESSAGE_IP: booleanFlag,
  MESSAGE_IP_MAX: z.coerce.number().int().positive().default(40),
  MESSAGE_IP_WINDOW: z.coerce.number().positive().default(1),
  LIMIT_MESSAGE_USER: booleanFlag,
  MESSAGE_USER_MAX: z.coerce.number().int().positive().default(40),
  MESSAGE_USER_WINDOW: z.coerce.number().positive().default(1),
  /**
   * Subscriptions (issue 23): Stripe's secret key and webhook signing secret. Without a key the
   * app runs its own test checkout. STRIPE_API_BASE points the SDK at another API origin (the
   * tests' Stripe-compatible fake).
   */
  STRIPE_SECRET_KEY: z.string().optional(),
  STRIPE_WEBHOOK_SECRET: z.string().optional(),
  STRIPE_API_BASE: z.string().url().optional(),
  /** Trust X-Forwarded-* headers (only behind a proxy you run; else clients could spoof their IP). */
  TRUST_PROXY: booleanFlag,
  /** File uploads per IP and per user, per window in minutes (LibreChat's names and defaults). */
  FILE_UPLOAD_IP_MAX: z.coerce.number().int().positive().default(100),
  FILE_UPLOAD_IP_WINDOW: z.coerce.number().positive().default(15),
  FILE_UPLOAD_USER_MAX: z.coerce.number().int().positive().default(50),
  FILE_UPLOAD_USER_WINDOW: z.coerce.number().positive().default(15),
  /** `false` turns off the local speech engine (Flite, PocketSphinx) used when config.yaml names none. */
  SPEECH_LOCAL_ENGINE: booleanFlag,
  // LibreChat's speech limits (issue 24): requests per window in minutes.
  TTS_IP_MAX: z.coerce.number().int().positive().default(100),
  TTS_IP_WINDOW: z.coerce.number().positive().default(1),
  TTS_USER_MAX: z.coerce.number().int().positive().default(50),
  TTS_USER_WINDOW: z.coerce.number().positive().default(1),
  STT_IP_MAX: z.coerce.number().int().positive().default(100),
  STT_IP_WINDOW: z.coerce.number().positive().default(1),
  STT_USER_MAX: z.coerce.number().int().positive().default(50),
  STT_USER_WINDOW: z.coerce.number().positive().default(1),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 * 1024),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  OPENAI_API_KEY: z.string().optional(),
  OPENAI_REVERSE_PROXY: z.string().optional(),
  OPENAI_MODELS: z.string().optional(),
  OPENAI_TITLE_MODEL: z.string().optional(),
  /**
   * Threads that read provider token streams (OpenAI-compatible endpoints), off the thread that
   * serves requests. Unset: the cores but one, at most two; 0 reads them on the server's thread.
   */
  STREAM_READER_THREADS: z.coerce.number().int().min(0).max(16).optional(),
  /** Generate conversation titles for the openAI endpoint (LibreChat's TITLE_CONVO). */
  TITLE_CONVO: booleanFlag,
  /** Built-in endpoint families, with LibreChat's variable names; each key may be `user_provided`. */
  ANTHROPIC_API_KEY: z.string().optional(),
  ANTHROPIC_MODELS: z.string().optional(),
  /** Base URL of an Anthropic-compatible proxy (with or without the trailing /v1). */
  ANTHROPIC_REVERSE_PROXY: z.string().optional(),
  ANTHROPIC_TITLE_MODEL: z.string().optional(),
  GOOGLE_KEY: z.string().optional(),
  GOOGLE_MODELS: z.string().optional(),
  /** Base URL of a Gemini API proxy (with or without the trailing /v1beta). */
  GOOGLE_REVERSE_PROXY: z.string().optional(),
  GOOGLE_TITLE_MODEL: z.string().optional(),
  AZURE_API_KEY: z.string().optional(),
  AZURE_OPENAI_API_INSTANCE_NAME: z.string().optional(),
  AZURE_OPENAI_API_DEPLOYMENT_NAME: z.string().optional(),
  AZURE_OPENAI_API_VERSION: z.string().optional(),
  AZURE_OPENAI_MODELS: z.string().optional(),
  /** Replaces https://{instance}.openai.azure.com/openai; may contain ${INSTANCE_NAME} and ${DEPLOYMENT_NAME}. */
  AZURE_OPENAI_BASEURL: z.string().optional(),
  /** Use the model name (dots removed) as the deployment name. */
  AZURE_USE_MODEL_AS_DEPLOYMENT_NAME: booleanFlag,
  BEDROCK_AWS_ACCESS_KEY_ID: z.string().optional(),
  BEDROCK_AWS_SECRET_ACCESS_KEY: z.string().optional(),
  BEDROCK_AWS_SESSION_TOKEN: z.string().optional(),
  BEDROCK_AWS_DEFAULT_REGION: z.string().default('us-east-1'),
  BEDROCK_AWS_MODELS: z.string().optional(),
  /** Bedrock Runtime endpoint override (a URL or a host), e.g. a VPC endpoint or a test fake. */
  BEDROCK_REVERSE_PROXY: z.string().optional(),
  /** S3 file storage (config.yaml `fileStrategy: "s3"`), with LibreChat's variable names. */
  AWS_ENDPOINT: z.string().optional(),
  AWS_REGION: z.string().optional(),
  AWS_BUCKET_NAME: z.string().optional(),
  AWS_ACCESS_KEY_ID: z.string().optional(),
  AWS_SECRET_ACCESS_KEY: z.string().optional(),
  /** Address the bucket as a path (https://host/bucket/key), as MinIO and most S3-compatible stores need. */
  AWS_FORCE_PATH_STYLE: booleanFlag,
  /**
   * file_search embeddings, with the names of LibreChat's RAG API: `openai` (or any
   * OpenAI-compatible server through RAG_OPENAI_BASEURL) or `ollama`. The key and base URL fall
   * back to OPENAI_API_KEY and OPENAI_REVERSE_PROXY.
   */
  EMBEDDINGS_PROVIDER: z.enum(['openai', 'ollama']).default('openai'),
  /** Default: text-embedding-3-small (openai), nomic-embed-text (ollama). */
  EMBEDDINGS_MODEL: z.string().min(1).optional(),
  RAG_OPENAI_API_KEY: z.string().optional(),
  RAG_OPENAI_BASEURL: z.string().url().optional(),
  OLLAMA_BASE_URL: z.string().url().default('http://localhost:11434'),
  /**
   * Look for Ollama, LM Studio, llama.cpp and vLLM on LOCAL_SERVER_HOST at start and when the
   * Admin area asks (issue 25). On unless false.
   */
  LOCAL_SERVER_DETECTION: booleanFlag,
  LOCAL_SERVER_HOST: z.string().trim().min(1).default('127.0.0.1'),
  /** Characters in one file_search passage, and repeated between neighbours. */
  CHUNK_SIZE: z.coerce.number().int().min(100).max(20_000).default(1500),
  CHUNK_OVERLAP: z.coerce.number().int().min(0).max(5_000).default(100),
  /** Largest conversation import file, in bytes (LibreChat's variable name). */
  CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
  /** Largest GGUF model an administrator may upload into DATA_DIR/models, in bytes. */
  LOCAL_MODEL_MAX_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(20 * 1024 ** 3),
  /**
   * The local code sandbox (issue 37; LibreChat has no such names). Its session folders live in
   * SANDBOX_DIR (default DATA_DIR/sandbox) and are removed SANDBOX_SESSION_TTL_MINUTES after
   * their last run. Limits of one run: wall time, memory, processes and threads, output kept
   * (stdout and stderr), the working folder's files, CPU cores; SANDBOX_MAX_CONCURRENT runs at once.
   */
  SANDBOX_DIR: z.string().optional(),
  SANDBOX_WALL_TIME_SECONDS: z.coerce.number().positive().max(3600).default(60),
  SANDBOX_MEMORY_MB: z.coerce.number().int().min(32).max(65_536).default(512),
  SANDBOX_MAX_PROCESSES: z.coerce.number().int().min(4).max(4096).default(64),
  SANDBOX_OUTPUT_KB: z.coerce.number().int().min(1).max(65_536).default(1024),
  SANDBOX_FILES_MB: z.coerce.number().int().min(1).max(65_536).default(50),
  SANDBOX_CPUS: z.coerce.number().positive().max(256).default(1),
  SANDBOX_MAX_CONCURRENT: z.coerce.number().int().min(1).max(256).default(4),
  SANDBOX_SESSION_TTL_MINUTES: z.coerce.number().positive().default(60),
  /**
   * LibreChat's Code Interpreter API instead of the local sandbox (issue 37), with LibreChat's
   * names: set either one and code runs go to LIBRECHAT_CODE_BASEURL (default
   * https://api.librechat.ai/v1) with LIBRECHAT_CODE_API_KEY, or with each user's own key when it
   * is `user_provided` (or unset). The base URL is the administrator's, trusted as written.
   */
  LIBRECHAT_CODE_API_KEY: z
    .string()
    .trim()
    .max(1000)
    .optional()
    .transform((v) => v || undefined),
  LIBRECHAT_CODE_BASEURL: z
    .union([
      z.literal(''),
      z
        .string()
        .trim()
        .url()
        .refine((v) => /^https?:\/\//i.test(v), 'an http or https URL'),
    ])
    .optional()
    .transform((v) => (v ? v.replace(/\/+$/, '') : undefined)),
  /**
   * Web search (issue 41), LibreChat's env names: used when librechat.yaml has no `webSearch`
   * section, and by one that names them as `${VAR}`. See config/web-search-config-schema.ts.
   */
  SEARXNG_INSTANCE_URL: optionalSecret(),
  SEARXNG_API_KEY: optionalSecret(),
  SERPER_API_KEY: optionalSecret(),
  TAVILY_API_KEY: optionalSecret(),
  TAVILY_SEARCH_URL: optionalSecret(),
  FIRECRAWL_API_KEY: optionalSecret(),
  FIRECRAWL_API_URL: optionalSecret(),
});

/** An optional string where empty means unset. */
function optionalSecret() {
  return z
    .string()
    .trim()
    .max(2000)
    .optional()
    .transform((v) => v || undefined);
}

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
