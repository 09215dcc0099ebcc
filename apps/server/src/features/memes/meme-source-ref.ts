/**
 * What an `imageUrlString` names (SPEC 3), read without touching anything: the resolver then
 * loads it. Pure, so every accepted spelling is unit-tested in one place.
 */
export type MemeSourceRef =
  | { kind: 'template'; id: string }
  /** One of the caller's files; `ownerInPath` is the user id a path spelled out, to compare with the caller. */
  | { kind: 'file'; fileId: string; ownerInPath?: string | undefined }
  /** A bare word: a template id, or else a file id. */
  | { kind: 'bare'; id: string }
  | { kind: 'remote'; url: URL }
  | { kind: 'data'; mediaType: string; base64: string };

/** The spellings the model may use, for error messages it can act on. */
export const ACCEPTED_SOURCES =
  'Use one of: `template:<id>` (a gallery template), `file:<file_id>` or `/images/<userId>/<file_id>` ' +
  '(an image attached in this conversation or made by generate_meme_background), an `https://` URL of a ' +
  'JPEG, PNG, WebP or GIF picture, or a `data:image/png;base64,...` URL (PNG, JPEG, WebP or GIF).';

const TEMPLATE_PATH = /^\/api\/memes\/templates\/([^/]+)\.png$/;
const IMAGE_PATH = /^\/images\/([^/]+)\/([^/]+)$/;
const DOWNLOAD_PATH = /^\/api\/files\/download\/([^/]+)\/([^/]+)$/;
const BARE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]{0,127}$/;
const DATA_URL = /^data:(image\/(?:png|jpe?g|webp|gif));base64,([A-Za-z0-9+/=\s]+)$/i;

function decodeSegment(segment: string): string | undefined {
  try {
    const decoded = decodeURIComponent(segment);
    return BARE_ID.test(decoded) ? decoded : undefined;
  } catch {
    return undefined;
  }
}

/** A path of ours (`/api/memes/templates/<id>.png`, `/images/<u>/<f>`, the download path), or undefined. */
function readLocalPath(pathname: string): MemeSourceRef | undefined {
  const template = TEMPLATE_PATH.exec(pathname);
  if (template) {
    const id = decodeSegment(template[1] ?? '');
    return id ? { kind: 'template', id } : undefined;
  }
  const file = IMAGE_PATH.exec(pathname) ?? DOWNLOAD_PATH.exec(pathname);
  if (file) {
    const owner = decodeSegment(file[1] ?? '');
    const fileId = decodeSegment(file[2] ?? '');
    return owner && fileId ? { kind: 'file', fileId, ownerInPath: owner } : undefined;
  }
  return undefined;
}

/**
 * Reads `imageUrlString`. `ownOrigins` are the server's public origins (DOMAIN_SERVER,
 * DOMAIN_CLIENT): an absolute URL on one of them that names one of our paths is read as that
 * path, never fetched. Undefined: no accepted form.
 */
export function parseMemeSourceRef(input: string, ownOrigins: readonly string[] = []): MemeSourceRef | undefined {
  const value = input.trim();
  const data = DATA_URL.exec(value);
  if (data) {
    const mediaType = (data[1] ?? '').toLowerCase().replace('image/jpg', 'image/jpeg');
    return { kind: 'data', mediaType, base64: (data[2] ?? '').replace(/\s/g, '') };
  }
  if (value.startsWith('template:')) {
    const id = value.slice('template:'.length).trim();
    return BARE_ID.test(id) ? { kind: 'template', id } : undefined;
  }
  if (value.startsWith('file:')) {
    const fileId = value.slice('file:'.length).trim();
    return BARE_ID.test(fileId) ? { kind: 'file', fileId } : undefined;
  }
  if (value.startsWith('/')) {
    const pathname = value.split(/[?#]/)[0] ?? '';
    return readLocalPath(pathname);
  }
  if (/^https?:\/\//i.test(value)) {
    let url: URL;
    try {
      url = new URL(value);
    } catch {
      return undefined;
    }
    if (ownOrigins.includes(url.origin)) {
      const local = readLocalPath(url.pathname);
      if (local) return local;
    }
    return { kind: 'remote', url };
  }
  return BARE_ID.test(value) ? { kind: 'bare', id: value } : undefined;
}

/** The origins of the configured public URLs; malformed ones are skipped. */
export function originsOf(urls: readonly (string | undefined)[]): string[] {
  const origins: string[] = [];
  for (const url of urls) {
    if (!url) continue;
    try {
      origins.push(new URL(url).origin);
    } catch {
      // Not a URL: nothing to compare against.
    }
  }
  return origins;
}
