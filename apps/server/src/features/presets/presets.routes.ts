import { deletePresetSchema, presetSchema } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../platform/errors.js';
import { parseInput } from '../../platform/parse.js';
import { deletePresets, listPresets, savePreset, toPreset } from './presets.repo.js';

export async function presetsRoutes(app: FastifyInstance): Promise<void> {
  const db = app.db.kysely;

  app.get('/api/presets', { preHandler: app.authenticate }, async (request) => (await listPresets(db, request.user.id)).map(toPreset));

  app.post('/api/presets', { preHandler: app.authenticate }, async (request, reply) => {
    const input = parseInput(presetSchema, request.body);
    const row = await savePreset(db, request.user.id, input);
    // Someone else's preset id is treated as unknown, and nothing is written.
    if (!row) throw new AppError('not_found', 'Preset not found');
    return reply.status(201).send(toPreset(row));
  });

  /** LibreChat: a `presetId` deletes that preset; an empty body deletes all of the caller's. */
  app.post('/api/presets/delete', { preHandler: app.authenticate }, async (request) => {
    const { presetId } = parseInput(deletePresetSchema, request.body);
    const deletedCount = await deletePresets(db, request.user.id, presetId);
    return { acknowledged: true, deletedCount };
  });
}
