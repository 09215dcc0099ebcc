import { fileExtension, inferFileType, isImageType, isVideoType } from '@confab/shared';

export type FileKind =
  'image' | 'video' | 'pdf' | 'document' | 'spreadsheet' | 'slides' | 'code' | 'text' | 'archive' | 'file';

const CODE_EXTENSIONS = new Set([
  'js',
  'mjs',
  'cjs',
  'jsx',
  'ts',
  'tsx',
  'py',
  'rb',
  'php',
  'java',
  'c',
  'h',
  'cpp',
  'cc',
  'hpp',
  'cs',
  'go',
  'rs',
  'kt',
  'swift',
  'scala',
  'sh',
  'bash',
  'sql',
  'json',
  'xml',
  'yaml',
  'yml',
  'toml',
  'html',
  'htm',
  'css',
  'tex',
]);

/** What a file is, for its icon and label: by its type, and its extension where the type is vague. */
export function fileKind(type: string | undefined, name: string): FileKind {
  const mime = (inferFileType(name, type) ?? type ?? '').toLowerCase();
  const ext = fileExtension(name);
  if (isImageType(mime)) return 'image';
  if (isVideoType(mime)) return 'video';
  if (mime === 'application/pdf') return 'pdf';
  if (/spreadsheet|excel|csv|tab-separated/.test(mime) || ext === 'csv' || ext === 'tsv') return 'spreadsheet';
  if (/presentation|powerpoint/.test(mime)) return 'slides';
  if (/wordprocessing|msword|epub/.test(mime)) return 'document';
  if (/zip|tar|gzip/.test(mime)) return 'archive';
  if (CODE_EXTENSIONS.has(ext)) return 'code';
  if (mime.startsWith('text/')) return 'text';
  return 'file';
}
