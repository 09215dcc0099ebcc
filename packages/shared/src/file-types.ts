/** File types: what SPEC 5 allows, and a file's type judged from its name and the browser's word. */
const TEXT_TYPES =
  /^text\/(x-c|x-c\+\+|x-csharp|x-java|html|markdown|x-markdown|x-php|x-python|x-script\.python|x-ruby|x-tex|plain|css|javascript|typescript|x-typescript|csv|tab-separated-values|xml|x-sh|x-go|x-rust|x-kotlin|x-swift|x-scala|x-sql|x-yaml|yaml|x-toml|x-log)$/;
const EXCEL_TYPES =
  /^application\/(vnd\.ms-excel|msexcel|x-msexcel|x-ms-excel|x-excel|x-dos_ms_excel|xls|x-xls|vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet)$/;
const APPLICATION_TYPES =
  /^application\/(epub\+zip|csv|json|pdf|x-tar|typescript|x-typescript|javascript|x-sh|x-yaml|yaml|toml|sql|msword|vnd\.ms-powerpoint|vnd\.openxmlformats-officedocument\.(wordprocessingml\.document|presentationml\.presentation|spreadsheetml\.sheet)|xml|zip|x-zip-compressed|gzip|x-gzip)$/;
const IMAGE_TYPES = /^image\/(jpeg|jpg|gif|png|webp|svg\+xml)$/;
/**
 * Short clips for the meme video tool (LibreChat lists videos in its default supportedMimeTypes
 * too); only the three containers phones and browsers record, which the bundled ffmpeg reads.
 */
const VIDEO_TYPES = /^video\/(mp4|webm|quicktime)$/;

/** The default supported MIME types, as the regular-expression sources the config speaks. */
export const DEFAULT_SUPPORTED_MIME_TYPES: string[] = [
  TEXT_TYPES,
  EXCEL_TYPES,
  APPLICATION_TYPES,
  IMAGE_TYPES,
  VIDEO_TYPES,
].map((r) => r.source);

/** Raster images a browser shows inline safely (SVG is an image but runs as a document: never inline). */
export const SAFE_INLINE_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
export const isSafeInlineImage = (type: string): boolean =>
  (SAFE_INLINE_IMAGE_TYPES as readonly string[]).includes(type);

/** SPEC 5: "Image uploads are detected by a MIME type starting with image/". */
export const isImageType = (type: string): boolean => type.startsWith('image/');

/**
 * A video attachment: stored as it is (no text, no embedding), shown as a file, and named to the
 * model by its id so the meme video tool can caption it; like an image it needs no tool resource.
 */
export const isVideoType = (type: string): boolean => type.startsWith('video/');

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
  mp4: 'video/mp4',
  webm: 'video/webm',
  mov: 'video/quicktime',
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
