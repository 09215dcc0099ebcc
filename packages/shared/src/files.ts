import { z } from 'zod';

/**
 * Files: the File entity of SPEC 3, the limits of SPEC 9 and the checks of SPEC 5, shared by the
 * server (which enforces them) and the web app (which checks before sending). Sizes in the
 * config shape are megabytes, as LibreChat's `fileConfig` YAML and its client's mergeFileConfig
 * read them; everything else here is bytes.
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

// ---------------------------------------------------------------------------------------------
// Types: what SPEC 5 allows (text, code, csv, json, pdf, zip, tar, office, excel, epub, images).

const TEXT_TYPES =
  /^text\/(x-c|x-c\+\+|x-csharp|x-java|html|markdown|x-markdown|x-php|x-python|x-script\.python|x-ruby|x-tex|plain|css|javascript|typescript|x-typescript|csv|tab-separated-values|xml|x-sh|x-go|x-rust|x-kotlin|x-swift|x-scala|x-sql|x-yaml|yaml|x-toml|x-log)$/;
const EXCEL_TYPES =
  /^application\/(vnd\.ms-excel|msexcel|x-msexcel|x-ms-excel|x-excel|x-dos_ms_excel|xls|x-xls|vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet)$/;
const APPLICATION_TYPES =
  /^application\/(epub\+zip|csv|json|pdf|x-tar|typescript|x-typescript|javascript|x-sh|x-yaml|yaml|toml|sql|msword|vnd\.ms-powerpoint|vnd\.openxmlformats-officedocument\.(wordprocessingml\.document|presentationml\.presentation|spreadsheetml\.sheet)|xml|zip|x-zip-compressed|gzip|x-gzip)$/;
const IMAGE_TYPES = /^image\/(jpeg|jpg|gif|png|webp|svg\+xml)$/;

/** The default supported MIME types, as the regular-expression sources the config speaks. */
export const DEFAULT_SUPPORTED_MIME_TYPES: string[] = [TEXT_TYPES, EXCEL_TYPES, APPLICATION_TYPES, IMAGE_TYPES].map(
  (r) => r.source,
);

/** Raster images a browser shows inline safely (SVG is an image but runs as a document: never inline). */
export const SAFE_INLINE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const isSafeInlineImage = (type: string): boolean =>
  (SAFE_INLINE_IMAGE_TYPES as readonly string[]).includes(type);

/** SPEC 5: "Image uploads are detected by a MIME type starting with image/". */
export const isImageType = (type: string): boolean => type.startsWith('image/');

/** Raster images the server processes (sharp): re-encoded, resized, stripped of metadata. */
export const isProcessableImage = (type: string): boolean => isSafeInlineImage(type);

const EXTENSION_TYPES: Record<string, string> = {
  txt: 'text/plain',
  log: 'text/plain',
  text: 'text/plain',
  md: 'text/markdown',
  markdown: 'text/markdown',
  csv: 'text/csv',
  tsv: 'text/tab-separated-values',
  json: 'application/json',
  xml: 'application/xml',
  yaml: 'application/x-yaml',
  yml: 'application/x-yaml',
  toml: 'application/toml',
  sql: 'application/sql',
  html: 'text/html',
  htm: 'text/html',
  css: 'text/css',
  js: 'text/javascript',
  mjs: 'text/javascript',
  cjs: 'text/javascript',
  jsx: 'text/javascript',
  ts: 'application/typescript',
  tsx: 'application/typescript',
  py: 'text/x-python',
  rb: 'text/x-ruby',
  php: 'text/x-php',
  java: 'text/x-java',
  c: 'text/x-c',
  h: 'text/x-c',
  cpp: 'text/x-c++',
  cc: 'text/x-c++',
  hpp: 'text/x-c++',
  cs: 'text/x-csharp',
  go: 'text/x-go',
  rs: 'text/x-rust',
  kt: 'text/x-kotlin',
  swift: 'text/x-swift',
  scala: 'text/x-scala',
  sh: 'text/x-sh',
  bash: 'text/x-sh',
  tex: 'text/x-tex',
  pdf: 'application/pdf',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  doc: 'application/msword',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  xls: 'application/vnd.ms-excel',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
  ppt: 'application/vnd.ms-powerpoint',
  epub: 'application/epub+zip',
  zip: 'application/zip',
  tar: 'application/x-tar',
  gz: 'application/gzip',
  tgz: 'application/gzip',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

export const fileExtension = (name: string): string => {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot + 1).toLowerCase() : '';
};

/**
 * SPEC 5: "The type is derived from the extension when missing or different." A browser's type
 * is kept when the extension names none or agrees with it; an empty or generic type
 * (application/octet-stream) and one that contradicts the extension give way to the extension's.
 */
export function inferFileType(name: string, browserType: string | undefined): string | undefined {
  const byExtension = EXTENSION_TYPES[fileExtension(name)];
  const given = browserType?.split(';')[0]?.trim().toLowerCase();
  if (!given || given === 'application/octet-stream') return byExtension;
  if (byExtension && byExtension !== given) return byExtension;
  return given;
}

// ---------------------------------------------------------------------------------------------
// Config: the YAML `fileConfig` section and what GET /api/files/config answers (MB, strings).

export const endpointFileConfigSchema = z
  .object({
    disabled: z.boolean().optional(),
    fileLimit: z.number().int().min(0).optional(),
    fileSizeLimit: z.number().min(0).optional(),
    totalSizeLimit: z.number().min(0).optional(),
    supportedMimeTypes: z.array(z.string()).optional(),
  })
  .strict();
export type EndpointFileConfig = z.infer<typeof endpointFileConfigSchema>;

export const fileConfigSchema = z
  .object({
    endpoints: z.record(z.string(), endpointFileConfigSchema).optional(),
    serverFileSizeLimit: z.number().min(0).optional(),
    avatarSizeLimit: z.number().min(0).optional(),
    imageOutputType: z.enum(IMAGE_OUTPUT_TYPES).optional(),
    /** LibreChat's image generation sizing (SPEC 5: the percentage is 0 to 100). */
    imageGeneration: z
      .object({ percentage: z.number().min(0).max(100).optional(), px: z.number().int().positive().optional() })
      .strict()
      .optional(),
    clientImageResize: z
      .object({
        enabled: z.boolean().optional(),
        maxWidth: z.number().int().positive().optional(),
        maxHeight: z.number().int().positive().optional(),
        quality: z.number().min(0).max(1).optional(),
      })
      .optional(),
  })
  .strict();
export type FileConfigInput = z.infer<typeof fileConfigSchema>;

/** One endpoint's limits after merging: every field present. */
export interface ResolvedEndpointFileConfig {
  disabled: boolean;
  fileLimit: number;
  fileSizeLimit: number;
  totalSizeLimit: number;
  supportedMimeTypes: string[];
}

/** The merged config: `endpoints.default` always present; sizes in MB. */
export interface MergedFileConfig {
  endpoints: Record<string, ResolvedEndpointFileConfig>;
  serverFileSizeLimit: number;
  avatarSizeLimit: number;
  imageOutputType: ImageOutputType;
}

const DEFAULT_ENDPOINT_FILE_CONFIG: ResolvedEndpointFileConfig = {
  disabled: false,
  fileLimit: FILE_LIMITS.fileLimit,
  fileSizeLimit: FILE_LIMITS.fileSizeLimitMb,
  totalSizeLimit: FILE_LIMITS.totalSizeLimitMb,
  supportedMimeTypes: DEFAULT_SUPPORTED_MIME_TYPES,
};

/** LibreChat's mergeFileConfig rules: a disabled endpoint has every limit at zero. */
export function mergeFileConfig(input: FileConfigInput | undefined): MergedFileConfig {
  const endpoints: Record<string, ResolvedEndpointFileConfig> = { default: { ...DEFAULT_ENDPOINT_FILE_CONFIG } };
  for (const [name, own] of Object.entries(input?.endpoints ?? {})) {
    const base =
      name === 'default' ? DEFAULT_ENDPOINT_FILE_CONFIG : (endpoints.default ?? DEFAULT_ENDPOINT_FILE_CONFIG);
    endpoints[name] = own.disabled
      ? { disabled: true, fileLimit: 0, fileSizeLimit: 0, totalSizeLimit: 0, supportedMimeTypes: [] }
      : {
          disabled: false,
          fileLimit: own.fileLimit ?? base.fileLimit,
          fileSizeLimit: own.fileSizeLimit ?? base.fileSizeLimit,
          totalSizeLimit: own.totalSizeLimit ?? base.totalSizeLimit,
          supportedMimeTypes: own.supportedMimeTypes ?? base.supportedMimeTypes,
        };
  }
  return {
    endpoints,
    serverFileSizeLimit: input?.serverFileSizeLimit ?? FILE_LIMITS.serverFileSizeLimitMb,
    avatarSizeLimit: input?.avatarSizeLimit ?? FILE_LIMITS.avatarSizeLimitMb,
    imageOutputType: input?.imageOutputType ?? 'webp',
  };
}

/**
 * The limits of one endpoint: its own entry, else its type's (a custom endpoint's `custom`), else
 * `default`. Names are looked up as own keys only: an endpoint named "constructor" is just a name.
 */
export function endpointFileConfig(
  config: MergedFileConfig,
  endpoint: string | undefined,
  endpointType?: string,
): ResolvedEndpointFileConfig {
  for (const name of [endpoint, endpointType]) {
    const own = name !== undefined && Object.hasOwn(config.endpoints, name) ? config.endpoints[name] : undefined;
    if (own) return own;
  }
  return config.endpoints.default ?? DEFAULT_ENDPOINT_FILE_CONFIG;
}

/** Whether a type matches the config's patterns (invalid patterns are skipped, as LibreChat does). */
export function isSupportedType(type: string, patterns: string[]): boolean {
  return patterns.some((pattern) => {
    try {
      return new RegExp(pattern).test(type);
    } catch {
      return false;
    }
  });
}

// ---------------------------------------------------------------------------------------------
// SPEC 5 checks of a batch of chosen files, with their exact messages.

export const FILE_ERROR_MESSAGES = {
  empty: 'No files available.',
  duplicate: 'Duplicate file detected.',
  validation: 'An error occurred while validating the file.',
  unsupportedCapability: 'No capabilities enabled that support this file type.',
  processing: 'An error occurred while processing the file.',
  upload: 'An error occurred while uploading the file.',
  uploadCanceled: 'The file upload request was canceled.',
  disabled: 'File uploads are disabled for this endpoint.',
  /** The server's word for a multipart body cut off before its file ended. */
  uploadEnded: 'The upload ended before the file was complete.',
  /** LibreChat's answer to too many uploads (violation file_upload_limit, SPEC 8). */
  uploadRateLimited: 'Too many file upload requests. Try again later',
  fileLimit: (n: number) => `You can only upload up to ${n} files at a time.`,
  unknownType: (name: string) => `Unable to determine file type for: ${name}`,
  unsupportedType: (type: string) => `Currently, unsupported file type: ${type}`,
  fileSize: (mb: number) => `File size exceeds ${mb} MB.`,
  totalSize: (mb: number) => `The total size of the files cannot exceed ${mb} MB.`,
  avatarSize: (mb: number) => `File size exceeds ${mb} MB.`,
} as const;

/** A file as the checks see it: a browser File, or what the server knows of a stored one. */
export interface CheckedFile {
  name: string;
  size: number;
  type?: string | undefined;
}

/** The type family duplicates are judged by (SPEC 5: same name, size and type family). */
const typeFamily = (type: string | undefined) => (type ?? '').split('/')[0] ?? '';

/** SPEC 5: two files are the same when name, size and type family agree (types as already judged). */
export const isSameFile = (a: Required<CheckedFile>, b: Required<CheckedFile>): boolean =>
  a.name === b.name && a.size === b.size && typeFamily(a.type) === typeFamily(b.type);

/**
 * SPEC 5's checks of newly chosen files against those already attached, in SPEC order. Returns
 * the first problem's message, or null when all may be uploaded. Sizes in bytes.
 */
export function checkChosenFiles(
  chosen: CheckedFile[],
  attached: CheckedFile[],
  limits: ResolvedEndpointFileConfig,
): string | null {
  if (limits.disabled) return FILE_ERROR_MESSAGES.disabled;
  if (chosen.reduce((sum, f) => sum + f.size, 0) === 0) return FILE_ERROR_MESSAGES.empty;
  if (chosen.length + attached.length > limits.fileLimit) return FILE_ERROR_MESSAGES.fileLimit(limits.fileLimit);
  let total = attached.reduce((sum, f) => sum + f.size, 0);
  const seen = [...attached];
  for (const file of chosen) {
    const type = inferFileType(file.name, file.type);
    if (!type) return FILE_ERROR_MESSAGES.unknownType(file.name);
    if (!isSupportedType(type, limits.supportedMimeTypes)) return FILE_ERROR_MESSAGES.unsupportedType(type);
    if (file.size >= mbToBytes(limits.fileSizeLimit)) return FILE_ERROR_MESSAGES.fileSize(limits.fileSizeLimit);
    total += file.size;
    if (total > mbToBytes(limits.totalSizeLimit)) return FILE_ERROR_MESSAGES.totalSize(limits.totalSizeLimit);
    const duplicate = seen.some((s) =>
      isSameFile({ name: s.name, size: s.size, type: inferFileType(s.name, s.type) ?? '' }, { name: file.name, size: file.size, type }),
    );
    if (duplicate) return FILE_ERROR_MESSAGES.duplicate;
    seen.push(file);
  }
  return null;
}

/** SPEC 9: when the slow-upload warning shows for a file of this size. */
export const slowUploadWarningMs = (bytes: number): number =>
  UPLOAD_TIMING.slowWarningBaseMs + Math.floor(bytes / MEGABYTE) * UPLOAD_TIMING.slowWarningPerMbMs;

/** SPEC 5: a pasted file is renamed with the clipboard prefix and a timestamp. */
export function pastedFileName(original: string, type: string, now: Date = new Date()): string {
  const ext = fileExtension(original) || (type.split('/')[1] ?? 'bin').replace('jpeg', 'jpg').replace('svg+xml', 'svg');
  const stamp = now.toISOString().replace(/[:.]/g, '-').replace('T', '_').replace('Z', '');
  return `clipboard_${stamp}.${ext}`;
}
