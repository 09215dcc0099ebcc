import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { StorageNotFoundError } from '../../platform/storage/storage.js';
import { bearerToken } from '../auth/authenticate.js';
import type { FileRow } from '../files/files.repo.js';
import { canVisitorOpenSharedFile } from '../share/shared-file-access.js';
import { VIDEO_FORMAT_TYPES } from './meme-video-encode.js';
import { parseByteRange, sliceStream } from './meme-video-range.js';
import type { MemesFeatureDeps } from './memes.feature.js';

/** `<fileId>.<format>` (or `.jpg`, an mp4's poster): generated ids only (uuids), so nothing else can name a stored file. */
const VIDEO_NAME = /^([A-Za-z0-9_-]{1,100})\.(mp4|gif|webp|jpg)$/;
const videoQuery = z.object({ shareId: z.string().max(100).optional() });
type VideoRequest = FastifyRequest<{ Params: { name: string } }>;

const videoNotFound = () => new AppError('not_found', 'Video not found');

/**
 * GET /api/memes/videos/<fileId>.<mp4|gif|webp> (SPEC 7, video download by a plain GET): a rendered meme
 * video for its owner (bearer token), or for a visitor of a public shared link of the conversation
 * it was made in (`?shareId=`, the same rule as the shared page). Anything else is the 404 of a
 * video that does not exist. Single byte ranges are answered, so players can seek. Issue 39:
 * `<fileId>.jpg` is an mp4's poster (its first captioned moment, meme-video-render.ts), under the
 * same rule, for the player to show before it plays (GIF and WebP play at once as pictures).
 */
export async function registerMemeVideoRoutes(app: FastifyInstance, deps: MemesFeatureDeps): Promise<void> {
  const db = deps.db.kysely;
  app.get('/api/memes/videos/:name', async (request: VideoRequest, reply) => {
    const { shareId } = parseInput(videoQuery, request.query);
    const hasToken = bearerToken(request) !== undefined;
    // A token that is there must be valid (a 401 to refresh it); without one, only a share opens a video.
    if (hasToken) await app.authenticate.call(app, request, reply);
    else if (shareId === undefined) throw new AppError('unauthorized', 'Authentication required');

    const [, fileId, format] = VIDEO_NAME.exec(request.params.name) ?? [];
    const isPoster = format === 'jpg';
    // The extension names the stored type: a GIF asked for as .mp4 is a video that does not exist.
    const type = isPoster ? VIDEO_FORMAT_TYPES.mp4 : VIDEO_FORMAT_TYPES[format as keyof typeof VIDEO_FORMAT_TYPES];
    const video =
      fileId && type
        ? await db
            .selectFrom('files')
            .selectAll()
            .where('file_id', '=', fileId)
            .where('type', '=', type)
            .executeTakeFirst()
        : undefined;
    if (!video) throw videoNotFound();
    const isOwner = hasToken && video.user_id === request.user.id;
    if (
      !isOwner &&
      (shareId === undefined ||
        !(await canVisitorOpenSharedFile(db, deps.env, { shareId, file: video, isSignedIn: hasToken })))
    )
      throw videoNotFound();
    return isPoster ? sendPoster(request, reply, deps, video) : sendVideo(request, reply, deps, video);
  });
}

async function sendPoster(request: FastifyRequest, reply: FastifyReply, deps: MemesFeatureDeps, video: FileRow) {
  if (!video.thumbnail_key) throw videoNotFound();
  let body;
  try {
    body = await deps.storage.get(video.thumbnail_key);
  } catch (err) {
    if (err instanceof StorageNotFoundError) {
      request.log.warn({ fileId: video.file_id }, 'a meme video row without its stored poster');
      throw videoNotFound();
    }
    throw err;
  }
  return reply
    .headers({
      'Content-Type': video.thumbnail_type ?? 'image/jpeg',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private',
    })
    .send(body);
}

async function sendVideo(request: FastifyRequest, reply: FastifyReply, deps: MemesFeatureDeps, video: FileRow) {
  const size = video.bytes;
  reply.headers({
    'Content-Type': video.type,
    'Accept-Ranges': 'bytes',
    'X-Content-Type-Options': 'nosniff',
    'Cache-Control': 'private',
  });
  const range = parseByteRange(request.headers.range, size);
  if (range === 'unsatisfiable') {
    return reply.status(416).header('Content-Range', `bytes */${size}`).send();
  }
  let body;
  try {
    body = await deps.storage.get(video.storage_key);
  } catch (err) {
    if (err instanceof StorageNotFoundError) {
      request.log.warn({ fileId: video.file_id }, 'a meme video row without its stored bytes');
      throw videoNotFound();
    }
    throw err;
  }
  if (!range) return reply.header('Content-Length', String(size)).send(body);
  return reply
    .status(206)
    .headers({
      'Content-Range': `bytes ${range.start}-${range.end}/${size}`,
      'Content-Length': String(range.end - range.start + 1),
    })
    .send(sliceStream(body, range));
}
