import { MEME_PATHS, memeLinkCreateSchema, type MemeLink, type MemeLinksResponse } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AppError } from '../../../platform/errors.js';
import { parseInput } from '../../../platform/parse.js';
import type { MemesFeatureDeps } from '../memes.feature.js';
import { publicOrigin, registerMemeLinkPages } from './meme-link-public.routes.js';
import {
  deleteMemeLink,
  ensureMemeLink,
  findMemeAltText,
  findOwnMediaFile,
  listMemeLinks,
  type MemeLinkRow,
} from './meme-links.repo.js';

const fileQuery = z.object({ fileId: z.string().min(1).max(256) });
const linkParams = z.object({ id: z.string().min(1).max(100) });

const toMemeLink = (row: MemeLinkRow, origin: string): MemeLink => ({
  id: row.id,
  fileId: row.file_id,
  url: `${origin}${MEME_PATHS.publicPage(row.id)}`,
  createdAt: row.created_at,
});

const memeNotFound = () => new AppError('not_found', 'Meme not found');

/**
 * Public links to one meme (issue 39): the owner shares a meme image or video by link (not its
 * conversation), lists it and revokes it; the page and its media are in meme-link-public.routes.ts.
 * Anything that is not the caller's meme is the same 404, and nothing is stored.
 */
export async function registerMemeLinks(app: FastifyInstance, deps: MemesFeatureDeps): Promise<void> {
  const db = deps.db.kysely;
  const auth = { preHandler: app.authenticate };

  app.post(MEME_PATHS.links, auth, async (request, reply): Promise<MemeLink> => {
    const { fileId } = parseInput(memeLinkCreateSchema, request.body);
    const userId = request.user.id;
    const file = await findOwnMediaFile(db, userId, fileId);
    const altText = file ? await findMemeAltText(db, userId, file) : undefined;
    if (!file || altText === undefined) throw memeNotFound();
    const { row, isNew } = await ensureMemeLink(db, { userId, fileId, altText });
    return reply.status(isNew ? 201 : 200).send(toMemeLink(row, publicOrigin(deps, request)));
  });

  app.get(MEME_PATHS.links, auth, async (request): Promise<MemeLinksResponse> => {
    const { fileId } = parseInput(fileQuery, request.query);
    const links = await listMemeLinks(db, request.user.id, fileId);
    const origin = publicOrigin(deps, request);
    return { links: links.map((row) => toMemeLink(row, origin)) };
  });

  app.delete(`${MEME_PATHS.links}/:id`, auth, async (request) => {
    const { id } = parseInput(linkParams, request.params);
    if (!(await deleteMemeLink(db, request.user.id, id))) throw new AppError('not_found', 'Link not found');
    return { success: true, id };
  });

  await registerMemeLinkPages(app, deps);
}
