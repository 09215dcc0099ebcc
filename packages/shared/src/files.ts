import { z } from 'zod';

/**
 * Files: the File entity of SPEC 3 and the limits of SPEC 9, shared by the server (which enforces
 * them) and the web app (which checks before sending). Beside it: file-types.ts (what may be
 * uploaded), file-config.ts (the `fileConfig` section, in megabytes as LibreChat's YAML and its
 * client read it) and file-checks.ts (SPEC 5's checks with their messages). Everything else is bytes.
 */

export const MEGABYTE = 1024 * 1024;
export const mbToBytes = (mb: number): number => Math.round(mb * MEGABYTE);

/** SPEC 9, Files. */
export const FILE_LIMITS = {
  fileLimit: 10,
  fileSizeLimitMb: 512,
  totalSizeLimitMb: 512,
  serverFileSizeLimitMb: 512,
  avatarSizeLimitMb: 2,
  /** Longest original file name kept (longer names are cut, keeping the extension). */
  fileNameMax: 255,
} as const;

export const UPLOAD_TIMING = {
  /** The slow-upload warning shows after 5 s plus 2 s per full megabyte... */
  slowWarningBaseMs: 5000,
  slowWarningPerMbMs: 2000,
  /** ...for 10 s. */
  slowWarningShownMs: 10_000,
  errorToastMs: 5000,
  errorBatchMs: 250,
  /** Progress reaches 1 this long after the server answered (SPEC 4). */
  finalProgressDelayMs: 300,
  /** DELETE /api/files is batched with this debounce (SPEC 7). */
  deleteDebounceMs: 1000,
} as const;

/** SPEC 4, Files: the progress steps of one upload. */
export const UPLOAD_PROGRESS = { chosen: 0.2, dimensionsRead: 0.6, uploaded: 0.9, done: 1 } as const;

/** SPEC 9: default image size and video height. */
export const IMAGE_DEFAULTS = { width: 1080, height: 1920, videoMaxHeight: 300 } as const;
/** SPEC 9: image token costs. */
export const IMAGE_TOKEN_COSTS = { low: 85, high: 170, additional: 85 } as const;

/**
 * The tokens an image costs a vision model, as OpenAI counts them (and LibreChat for every
 * vendor): `low` detail is a flat cost; otherwise the image is fitted in 2048 x 2048, its short
 * side brought to 768, and each 512-pixel tile costs `high`, plus `additional` once. Without
 * dimensions the image counts as one default-sized image (SPEC 9).
 */
export function imageTokenCost(
  size: { width?: number | null | undefined; height?: number | null | undefined },
  detail: 'low' | 'auto' | 'high' | null | undefined,
): number {
  if (detail === 'low') return IMAGE_TOKEN_COSTS.low;
  let width = size.width || IMAGE_DEFAULTS.width;
  let height = size.height || IMAGE_DEFAULTS.height;
  const fit = Math.min(1, 2048 / Math.max(width, height));
  width *= fit;
  height *= fit;
  const shorten = Math.min(1, 768 / Math.min(width, height));
  width *= shorten;
  height *= shorten;
  const tiles = Math.ceil(width / 512) * Math.ceil(height / 512);
  return tiles * IMAGE_TOKEN_COSTS.high + IMAGE_TOKEN_COSTS.additional;
}

export const IMAGE_OUTPUT_TYPES = ['png', 'webp', 'jpeg'] as const;
export type ImageOutputType = (typeof IMAGE_OUTPUT_TYPES)[number];

export const FILE_SOURCES = [
  'local',
  'firebase',
  'azure',
  'azure_blob',
  'openai',
  's3',
  's3_public',
  'vectordb',
  'execute_code',
  'mistral_ocr',
  'text',
] as const;
export type FileSource = (typeof FILE_SOURCES)[number];

export const FILE_CONTEXTS = [
  'avatar',
  'unknown',
  'agents',
  'assistants',
  'execute_code',
  'image_generation',
  'assistants_output',
  'message_attachment',
] as const;
export type FileContext = (typeof FILE_CONTEXTS)[number];

export const FILE_STATUSES = ['in_progress', 'cancelled', 'failed', 'completed', 'expired'] as const;
export type FileStatus = (typeof FILE_STATUSES)[number];

/** The File entity as the API returns it (LibreChat's TFile). */
export const fileSchema = z.object({
  user: z.string(),
  file_id: z.string(),
  temp_file_id: z.string().optional(),
  conversationId: z.string().nullish(),
  message: z.string().nullish(),
  filename: z.string(),
  filepath: z.string(),
  object: z.literal('file'),
  type: z.string(),
  bytes: z.number(),
  embedded: z.boolean(),
  usage: z.number(),
  source: z.enum(FILE_SOURCES),
  context: z.enum(FILE_CONTEXTS).optional(),
  width: z.number().optional(),
  height: z.number().optional(),
  /** A small rendition of an image, at a path like `filepath`. */
  preview: z.string().optional(),
  /** Extracted text of a document; list calls leave it out. */
  text: z.string().optional(),
  tool_resource: z.string().optional(),
  expiresAt: z.string().optional(),
  /** 'expired' once past expiresAt (a code run's file): it can no longer be downloaded. */
  status: z.enum(FILE_STATUSES).optional(),
  metadata: z.object({ fileIdentifier: z.string().optional() }).passthrough().optional(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type FileRecord = z.infer<typeof fileSchema>;

/** What a message carries of each attached file (SPEC 3, Message: files). */
export const messageFileSchema = z.object({
  file_id: z.string().min(1).max(100),
  filepath: z.string().max(2000).optional(),
  filename: z.string().max(1000).optional(),
  type: z.string().max(255).optional(),
  height: z.number().optional(),
  width: z.number().optional(),
  bytes: z.number().optional(),
  preview: z.string().max(2000).optional(),
});
export type MessageFile = z.infer<typeof messageFileSchema>;

/**
 * A file a tool made during a reply (a code run's figure or CSV), attached to the reply under the
 * call that made it: LibreChat's TAttachment, the file's fields with `messageId`, `toolCallId`
 * and `conversationId`. Sent live as an `attachment` frame and kept in the reply's `attachments`.
 */
export type MessageAttachment = FileRecord & { messageId: string; toolCallId: string; conversationId: string };
/** Most files one chat request may name (the endpoint's fileLimit is checked too, and is usually far lower). */
export const MESSAGE_FILES_MAX = 100;

/** DELETE /api/files body. */
export const deleteFilesSchema = z.object({
  files: z
    .array(
      z.object({
        file_id: z.string().max(100),
        filepath: z.string().max(2000).optional(),
        source: z.string().max(50).optional(),
        embedded: z.boolean().optional(),
      }),
    )
    .max(1000),
  agent_id: z.string().max(100).optional(),
  assistant_id: z.string().max(100).optional(),
  tool_resource: z.string().max(100).optional(),
});
export type DeleteFilesInput = z.infer<typeof deleteFilesSchema>;

/** Every language LibreChat's Code Interpreter API runs (issue 37); the local sandbox runs py, js and ts. */
export const CODE_LANGUAGES = ['py', 'js', 'ts', 'c', 'cpp', 'java', 'php', 'rs', 'go', 'd', 'f90', 'r'] as const;
export type CodeLanguage = (typeof CODE_LANGUAGES)[number];
