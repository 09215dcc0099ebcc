import { join } from 'node:path';
import fastifyMultipart from '@fastify/multipart';
import { exportQuerySchema, IMPORT_LIMITS, IMPORT_RATE_LIMIT_DEFAULTS, type ImportResponse } from '@confab/shared';
import type { FastifyInstance } from 'fastify';
import { refuseWhenLimited, type LimiterFactory } from '../../platform/limiter.js';
import { parseInput } from '../../platform/parse.js';
import type { EndpointCatalog } from '../../providers/endpoint-catalog.js';
import { exportAttachmentHeader, exportConversation } from './export-conversation.js';
import { ImportService } from './import.service.js';
import { removeStaleSpools, spoolUpload } from './spool-upload.js';

export interface ImportExportRoutesOptions {
  limiter: LimiterFactory;
  catalog: EndpointCatalog;
}

/** POST /api/convos/import and GET /api/convos/{conversationId}/export (SPEC 7, Conversations). */
export async function importExportRoutes(app: FastifyInstance, opts: ImportExportRoutesOptions): Promise<void> {
  // Another feature may already have registered multipart on the root instance.
  if (!app.hasContentTypeParser('multipart/form-data')) await app.register(fastifyMultipart);

  const configured = app.appConfig.rateLimits?.conversationsImport;
  const defaults = IMPORT_RATE_LIMIT_DEFAULTS;
  const perUser = opts.limiter({
    keyPrefix: 'import_user',
    points: configured?.userMax ?? defaults.userMax,
    durationSeconds: (configured?.userWindowInMinutes ?? defaults.userWindowInMinutes) * 60,
  });
  const perIp = opts.limiter({
    keyPrefix: 'import_ip',
    points: configured?.ipMax ?? defaults.ipMax,
    durationSeconds: (configured?.ipWindowInMinutes ?? defaults.ipWindowInMinutes) * 60,
  });
  const maxBytes = app.env.CONVERSATION_IMPORT_MAX_FILE_SIZE_BYTES ?? IMPORT_LIMITS.defaultMaxFileBytes;
  const spoolDir = join(app.env.DATA_DIR, 'tmp');
  await removeStaleSpools(spoolDir);
  const imports = new ImportService(app.db, opts.catalog);

  app.post('/api/convos/import', { preHandler: app.authenticate }, async (request, reply) => {
    await refuseWhenLimited(reply, 'Too many imports', perIp.consume(request.ip), perUser.consume(request.user.id));
    const upload = await spoolUpload(request, { dir: spoolDir, maxBytes });
    try {
      const result = await imports.importFile(request.user.id, upload.path);
      const body: ImportResponse = { message: 'Import successful', ...result };
      return reply.status(201).send(body);
    } finally {
      await upload.dispose();
    }
  });

  app.get<{ Params: { conversationId: string } }>('/api/convos/:conversationId/export', { preHandler: app.authenticate }, async (request, reply) => {
    const { format } = parseInput(exportQuerySchema, request.query);
    const file = await exportConversation(app.db, request.user.id, request.params.conversationId, format);
    return reply
      .header('Content-Type', file.contentType)
      .header('Content-Disposition', exportAttachmentHeader(file.filename))
      .header('Cache-Control', 'no-store')
      .send(file.body);
  });
}
