import { MEME_PATHS, memeTemplateCreateSchema, type MemeTemplate } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Db } from '../../../db/database.js';
import { AppError } from '../../../platform/errors.js';
import { nowIso } from '../../../platform/ids.js';
import { parseInput } from '../../../platform/parse.js';
import { readCapped } from '../../../platform/read-capped.js';
import type { StorageAdapter } from '../../../platform/storage/storage.js';
import { findOwnedFile, isExpired } from '../../files/files.repo.js';
import { MEME_SOURCE_TYPES, pictureSize } from '../meme-source-picture.js';
import {
  deleteTemplateRow,
  findVisibleTemplate,
  insertCustomTemplate,
  isCustomTemplateId,
  newCustomTemplateId,
  toMemeTemplate,
} from './custom-templates.repo.js';

const idParams = z.object({ id: z.string().min(1).max(100) });
/** A picture whose stored size was not recorded is read whole at most this large to measure it. */
const MAX_MEASURED_BYTES = 64 * 1024 * 1024;

export interface CustomTemplatesRouteDeps {
  db: Db;
  storage: StorageAdapter;
}

/** Keywords as the search compares them: lower case, trimmed, each once. */
const cleanKeywords = (keywords: readonly string[]): string[] => [
  ...new Set(keywords.map((k) => k.trim().toLowerCase()).filter(Boolean)),
];

/**
 * Templates of people's own pictures (issue 39): POST makes one of a stored image of the caller's
 * (personal, or for everyone when an administrator asks for `global`); DELETE removes one the
 * caller owns, or, for an administrator, any global one. Every refusal stores nothing.
 */
export async function customTemplatesRoutes(app: FastifyInstance, deps: CustomTemplatesRouteDeps): Promise<void> {
  const { kysely } = deps.db;

  app.post(MEME_PATHS.templates, { preHandler: app.authenticate }, async (request, reply): Promise<MemeTemplate> => {
    const body = parseInput(memeTemplateCreateSchema, request.body);
    const user = request.user;
    if (body.scope === 'global' && user.role !== 'ADMIN')
      throw new AppError('forbidden', 'Only an administrator can add a template for everyone');
    // Someone else's file, an unknown id and a file that is not a picture all read the same.
    const file = await findOwnedFile(kysely, user.id, body.fileId);
    if (!file || isExpired(file) || !MEME_SOURCE_TYPES.has(file.type))
      throw new AppError('not_found', 'No image with this file id was found among your files');
    let { width, height } = file;
    if (!width || !height) {
      const data = await readCapped(await deps.storage.get(file.storage_key), MAX_MEASURED_BYTES);
      if (!data) throw new AppError('file_too_large', 'The picture is too large to use as a template');
      ({ width, height } = await pictureSize(data));
    }
    const row = {
      id: newCustomTemplateId(),
      user_id: user.id,
      scope: body.scope,
      name: body.name,
      description: body.description,
      keywords: JSON.stringify(cleanKeywords(body.keywords)),
      boxes: JSON.stringify(body.boxes),
      layout: body.layout ?? null,
      file_id: file.file_id,
      width,
      height,
      created_at: nowIso(),
    };
    await insertCustomTemplate(kysely, row);
    return reply.code(201).send(toMemeTemplate(row));
  });

  app.delete(`${MEME_PATHS.templates}/:id`, { preHandler: app.authenticate }, async (request) => {
    const { id } = parseInput(idParams, request.params);
    const user = request.user;
    // Builtin art is not in the table: it reads as absent, like someone else's personal template.
    const row = isCustomTemplateId(id) ? await findVisibleTemplate(kysely, user.id, id) : undefined;
    if (!row) throw new AppError('not_found', 'Meme template not found');
    const mayDelete = row.user_id === user.id || (row.scope === 'global' && user.role === 'ADMIN');
    if (!mayDelete) throw new AppError('forbidden', 'Only its owner or an administrator can delete this template');
    await deleteTemplateRow(kysely, id);
    return { id };
  });
}
