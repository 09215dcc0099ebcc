import { MEME_PATHS, type MemeImageOutput } from '@confab/shared';
import { isProtectedPath } from '../files/authed-images';

/** Where the picture under the captions comes from, as far as the browser is concerned. */
export type MemeSource =
  /** The arguments have not finished naming the picture yet. */
  | { kind: 'waiting-data' }
  /** An attached file or a remote URL: the server fetches it; its output will say where it is kept. */
  | { kind: 'waiting-output' }
  /** A path to load: public (a template) or `isProtected` (a stored image, fetched with the token). */
  | { kind: 'url'; url: string; isProtected: boolean }
  /** The call ended without a picture the browser may load. */
  | { kind: 'unavailable' };

const TEMPLATE_PREFIX = 'template:';

/** Only our own paths: never a protocol-relative `//host` or anything with a scheme. */
function isOwnPath(url: string): boolean {
  return url.startsWith('/') && !url.startsWith('//') && !url.includes('\\');
}

function toSource(url: string): MemeSource {
  return { kind: 'url', url, isProtected: isProtectedPath(url) };
}

/** A source the browser may load straight from the arguments: a template or one of the user's stored images. */
function fromArguments(imageUrlString: string): MemeSource | null {
  if (imageUrlString.startsWith(TEMPLATE_PREFIX)) {
    const id = imageUrlString.slice(TEMPLATE_PREFIX.length).trim();
    return id ? toSource(MEME_PATHS.template(id)) : null;
  }
  if (!isOwnPath(imageUrlString)) return null;
  if (imageUrlString.startsWith(`${MEME_PATHS.templates}/`) || imageUrlString.startsWith('/images/'))
    return toSource(imageUrlString);
  return null;
}

/**
 * Chooses the picture to draw (SPEC 3, 8). The finished call's `source_url` wins: it is what the
 * server drew on. Before that, a template or stored image named in the arguments loads at once;
 * a `file:<id>` or a remote URL is never fetched by the browser (the server does it through its
 * egress guard), so the slot waits for the output.
 */
export function chooseMemeSource(
  imageUrlString: string | null,
  output: MemeImageOutput | null,
  isFinished: boolean,
): MemeSource {
  if (output && isOwnPath(output.source_url)) return toSource(output.source_url);
  if (!imageUrlString) return isFinished ? { kind: 'unavailable' } : { kind: 'waiting-data' };
  const direct = fromArguments(imageUrlString);
  if (direct) return direct;
  return isFinished ? { kind: 'unavailable' } : { kind: 'waiting-output' };
}

/** A stored image's path, `/images/<userId>/<fileId>` (files feature). */
const STORED_IMAGE = /^\/images\/[^/?#\\]+\/([^/?#\\]+)$/;

/** The file id of a stored image's path, or null for any other path. */
export function storedImageFileId(path: string): string | null {
  const id = STORED_IMAGE.exec(path)?.[1];
  return id ? decodeURIComponent(id) : null;
}

/**
 * The picture a meme's owner can save as a template (issue 39): the stored picture under the
 * captions (their upload or an earlier meme), or, for a meme on a template or a remote picture,
 * the meme itself (its stored JPEG). Null while there is no output.
 */
export function templatePictureOf(output: MemeImageOutput | null): { fileId: string; url: string } | null {
  if (!output) return null;
  const fileId = storedImageFileId(output.source_url);
  if (fileId) return { fileId, url: output.source_url };
  return output.file_id && STORED_IMAGE.test(output.image_url)
    ? { fileId: output.file_id, url: output.image_url }
    : null;
}
