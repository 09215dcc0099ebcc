import { z } from 'zod';
import { TEXT_LIMITS } from './constants.js';

/** The chat exports POST /api/convos/import understands (detected from the file's shape). */
export const IMPORT_FORMATS = ['librechat', 'chatbot-ui', 'chatgpt', 'claude', 'open-webui', 'lobechat', 'nextchat', 'big-agi'] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

/** SPEC 5: imported conversation files must be .json. */
export const IMPORT_FILE_EXTENSION = '.json';
export const isImportFileName = (name: string): boolean => name.toLowerCase().endsWith(IMPORT_FILE_EXTENSION);

export const IMPORT_LIMITS = {
  /** Default upload size; CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES (as in LibreChat) overrides it. */
  defaultMaxFileBytes: 100 * 1024 * 1024,
  /**
   * Deepest JSON nesting accepted. A LibreChat "recursive" export nests two levels per message,
   * so this admits a 10,000-message thread while refusing a nesting bomb.
   */
  maxNestingDepth: 20_010,
  /** Longest single JSON value (a string, in practice) in bytes; longer means a hostile file. */
  maxValueBytes: 16 * 1024 * 1024,
  /**
   * Per file. Far above real exports (a 100 MB ChatGPT export holds about 100,000 messages), low
   * enough that a file of tiny fragments cannot hold the database in one transaction for long.
   */
  maxConversations: 50_000,
  maxMessages: 500_000,
  titleMax: TEXT_LIMITS.renameMax,
} as const;

/** Per-user and per-IP limits of POST /api/convos/import when the config sets none. */
export const IMPORT_RATE_LIMIT_DEFAULTS = {
  userMax: 100,
  userWindowInMinutes: 60,
  ipMax: 100,
  ipWindowInMinutes: 60,
} as const;

/** 201 body of POST /api/convos/import; `message` is what LibreChat answers. */
export interface ImportResponse {
  message: string;
  imported: number;
  conversations: { conversationId: string; title: string }[];
}

export const EXPORT_FORMATS = ['json', 'md', 'txt'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** Query of GET /api/convos/{conversationId}/export. */
export const exportQuerySchema = z.object({ format: z.enum(EXPORT_FORMATS).default('json') });
export type ExportQuery = z.infer<typeof exportQuerySchema>;

/**
 * A conversation exported as JSON, in LibreChat's export shape with the flat (non-recursive)
 * message list, so it round-trips through LibreChat's importer and ours alike.
 */
export interface ConversationExportFile {
  conversationId: string;
  endpoint: string | null;
  title: string;
  exportAt: string;
  branches: boolean;
  recursive: boolean;
  options: Record<string, unknown>;
  messages: Record<string, unknown>[];
}
