import { FILE_LIMITS, fileExtension } from '@confab/shared';
import { UNSAFE_IN_FILENAME } from '../../platform/content-disposition.js';
import { makeWellFormed } from '../../platform/parse.js';

/**
 * The original name of an upload as it is kept (data only: it never names anything stored).
 * LibreChat's client sends it URI-encoded; a path is cut to its last part; controls,
 * bidirectional overrides and NULs are dropped; a long name is cut to FILE_LIMITS.fileNameMax
 * characters keeping its extension.
 */
export function cleanFileName(raw: string | undefined): string {
  let name = raw ?? '';
  try {
    name = decodeURIComponent(name);
  } catch {
    // Not URI-encoded (a client other than LibreChat's): the name as sent.
  }
  name = makeWellFormed(name);
  name = name.split(/[\\/]/).pop() ?? '';
  name = name.replace(UNSAFE_IN_FILENAME, '').trim();
  const chars = Array.from(name);
  if (chars.length > FILE_LIMITS.fileNameMax) {
    const ext = fileExtension(name);
    const keep = ext && ext.length < 20 ? `.${ext}` : '';
    name = chars.slice(0, FILE_LIMITS.fileNameMax - Array.from(keep).length).join('') + keep;
  }
  return name || 'file';
}
