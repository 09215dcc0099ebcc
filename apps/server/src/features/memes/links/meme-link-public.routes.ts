import { DEFAULT_APP_TITLE } from '@confab/shared';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { StorageNotFoundError } from '../../../platform/storage/storage.js';
import { parseByteRange, sliceStream } from '../meme-video-range.js';
import type { MemesFeatureDeps } from '../memes.feature.js';
import { mediaExtensionOf, renderMemeLinkNotFound, renderMemeLinkPage } from './meme-link-page.js';
import { findPublicMemeLink, type PublicMemeLink } from './meme-links.repo.js';

type PageRequest = FastifyRequest<{ Params: { id: string } }>;
type MediaRequest = FastifyRequest<{ Params: { id: string; name: string } }>;

/** Link ids are base64url tokens; anything else is not looked up. */
const LINK_ID = /^[A-Za-z0-9_-]{16,64}$/;
const MEDIA_NAME = /^(meme|poster)\.([a-z0-9]{2,5})$/;
/**
 * Pages and media may be stored but are revalidated on every use, so a revoked link is a 404 at
 * once, in caches too. A file's bytes never change, so the media's ETag (the link and which
 * file) makes the revalidation a 304.
 */
const PUBLIC_CACHE = 'public, no-cache';

/** Where the public page is reached: DOMAIN_CLIENT, or the host this request came to. */
export function publicOrigin(deps: Pick<MemesFeatureDeps, 'env'>, request: FastifyRequest): string {
  const configured = deps.env.DOMAIN_CLIENT?.replace(/\/+$/, '');
  return configured || `${request.protocol}://${request.host}`;
}

/**
 * The public side of a meme link, signed out (issue 39): `/m/<id>`, a page rendered here (link
 * previews run no scripts), and `/m/<id>/meme.<ext>` and `/poster.jpg`, its media. Registered as
 * routes, so the SPA's fallback never answers them. Unknown or revoked: a plain 404.
 */
export async function registerMemeLinkPages(app: FastifyInstance, deps: MemesFeatureDeps): Promise<void> {
  const db = deps.db.kysely;
  const appTitle = deps.env.APP_TITLE || deps.config.appTitle || DEFAULT_APP_TITLE;

  const findLink = (id: string) => (LINK_ID.test(id) ? findPublicMemeLink(db, id) : Promise.resolve(undefined));
  const notFound = (reply: FastifyReply) =>
    reply
      .status(404)
      .headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' })
      .send(renderMemeLinkNotFound(appTitle));

  app.get('/m/:id', async (request: PageRequest, reply) => {
    const link = await findLink(request.params.id);
    if (!link) return notFound(reply);
    return reply
      .headers({ 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': PUBLIC_CACHE })
      .send(renderMemeLinkPage({ link, origin: publicOrigin(deps, request), appTitle }));
  });

  app.get('/m/:id/:name', async (request: MediaRequest, reply) => {
    const link = await findLink(request.params.id);
    const [, which, extension] = MEDIA_NAME.exec(request.params.name) ?? [];
    if (!link) return notFound(reply);
    const isMeme = which === 'meme' && extension === mediaExtensionOf(link.file.type);
    const isPoster = which === 'poster' && extension === 'jpg' && link.file.thumbnail_key !== null;
    if (!isMeme && !isPoster) return notFound(reply);
    const etag = `"${link.id}-${which}"`;
    reply.header('ETag', etag);
    if (request.headers['if-none-match'] === etag)
      return reply.status(304).header('Cache-Control', PUBLIC_CACHE).send();
    if (isPoster && link.file.thumbnail_key) return sendStored(request, reply, link.file.thumbnail_key, 'image/jpeg');
    return sendMeme(request, reply, link);
  });

  /** The meme itself; a video answers single byte ranges, so players can seek. */
  async function sendMeme(request: FastifyRequest, reply: FastifyReply, link: PublicMemeLink) {
    const { file } = link;
    if (!file.type.startsWith('video/')) return sendStored(request, reply, file.storage_key, file.type);
    const range = parseByteRange(request.headers.range, file.bytes);
    reply.header('Accept-Ranges', 'bytes');
    if (range === 'unsatisfiable') return reply.status(416).header('Content-Range', `bytes */${file.bytes}`).send();
    const body = await readStored(request, file.storage_key);
    if (!body) return notFound(reply);
    mediaHeaders(reply, file.type);
    if (!range) return reply.header('Content-Length', String(file.bytes)).send(body);
    return reply
      .status(206)
      .headers({
        'Content-Range': `bytes ${range.start}-${range.end}/${file.bytes}`,
        'Content-Length': String(range.end - range.start + 1),
      })
      .send(sliceStream(body, range));
  }

  async function sendStored(request: FastifyRequest, reply: FastifyReply, key: string, type: string) {
    const body = await readStored(request, key);
    if (!body) return notFound(reply);
    mediaHeaders(reply, type);
    return reply.send(body);
  }

  async function readStored(request: FastifyRequest, key: string) {
    try {
      return await deps.storage.get(key);
    } catch (err) {
      if (!(err instanceof StorageNotFoundError)) throw err;
      request.log.warn({ key }, 'a shared meme without its stored bytes');
      return undefined;
    }
  }
}

/**
 * The server's own type of the file; `cross-origin` so a page elsewhere (a chat app's preview)
 * may show it, which helmet's same-origin default would forbid.
 */
function mediaHeaders(reply: FastifyReply, type: string): void {
  reply.headers({
    'Content-Type': type,
    'Cache-Control': PUBLIC_CACHE,
    'X-Content-Type-Options': 'nosniff',
    'Cross-Origin-Resource-Policy': 'cross-origin',
    'Content-Disposition': 'inline',
  });
}
