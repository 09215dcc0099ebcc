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
  /** Google Tag Manager container (LibreChat's name): analytics events also go to its dataLayer. */
  ANALYTICS_GTM_ID: z
    .union([z.literal(''), z.string().regex(/^GTM-[A-Z0-9]{1,12}$/, 'a Tag Manager id, GTM-XXXXXXX')])
    .optional(),
  LOGIN_MAX: z.coerce.number().int().positive().default(7),
  LOGIN_WINDOW: z.coerce.number().int().positive().default(5),
  LOGIN_IP_MAX: z.coerce.number().int().positive().default(30),
  REGISTER_MAX: z.coerce.number().int().positive().default(5),
  REGISTER_WINDOW: z.coerce.number().int().positive().default(60),
  /** Trust X-Forwarded-* headers (only behind a proxy you run; else clients could spoof their IP). */
  TRUST_PROXY: booleanFlag,
  /** File uploads per IP and per user, per window in minutes (LibreChat's names and defaults). */
  FILE_UPLOAD_IP_MAX: z.coerce.number().int().positive().default(100),
  FILE_UPLOAD_IP_WINDOW: z.coerce.number().positive().default(15),
  FILE_UPLOAD_USER_MAX: z.coerce.number().int().positive().default(50),
  FILE_UPLOAD_USER_WINDOW: z.coerce.number().positive().default(15),
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
  /** Characters in one file_search passage, and repeated between neighbours. */
  CHUNK_SIZE: z.coerce.number().int().min(100).max(20_000).default(1500),
  CHUNK_OVERLAP: z.coerce.number().int().min(0).max(5_000).default(100),
  /** Largest conversation import file, in bytes (LibreChat's variable name). */
  CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(100 * 1024 * 1024),
});

export type Env = z.infer<typeof envSchema>;

export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid environment:\n${lines.join('\n')}`);
  }
  return parsed.data;
}
