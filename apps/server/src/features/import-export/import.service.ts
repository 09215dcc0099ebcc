import { IMPORT_LIMITS, type ImportResponse } from '@confab/shared';
import type { Db } from '../../db/database.js';
import { AppError } from '../../platform/errors.js';
import { clientEndpointType, type EndpointCatalog } from '../../providers/endpoint-catalog.js';
import {
  detectImporter,
  STREAMED_COLLECTIONS,
  SUPPORTED_FORMATS_TEXT,
  type Importer,
  type RawConversation,
} from './importers/index.js';
import { ImportWriter } from './import-export.repo.js';
import { InvalidImportError } from './json-assembler.js';
import { normalizeConversation, type ImportedConversation } from './normalize-conversation.js';
import { readJsonFile } from './read-json-file.js';

export type ImportResult = Omit<ImportResponse, 'message'>;

/**
 * Imports an export file for one user, all or nothing: one transaction around reading,
 * validating and inserting, so a bad conversation near the end of a file rolls back the ones
 * before it. The file is parsed as a stream, one conversation at a time.
 *
 * On SQLite the transaction holds the single connection, so other requests wait for the import
 * (two to three seconds for 50 MB); a file read from local disk is never waited on mid-transaction
 * for the network, because the route spools the upload first.
 */
export class ImportService {
  constructor(
    private readonly db: Db,
    private readonly catalog: EndpointCatalog,
  ) {}

  async importFile(userId: string, path: string): Promise<ImportResult> {
    try {
      return await this.db.kysely.transaction().execute(async (trx) => {
        const writer = new ImportWriter(trx, userId);
        const imported: ImportResult['conversations'] = [];
        let messageCount = 0;
        const store = async (raws: RawConversation[]) => {
          for (const raw of raws) {
            const conversation = normalizeConversation(raw);
            if (!conversation) continue;
            messageCount += conversation.messages.length;
            if (imported.length >= IMPORT_LIMITS.maxConversations || messageCount > IMPORT_LIMITS.maxMessages) {
              throw new InvalidImportError(
                `The file holds more than ${IMPORT_LIMITS.maxConversations} conversations or ${IMPORT_LIMITS.maxMessages} messages; split it into smaller files.`,
              );
            }
            this.pickEndpoint(conversation);
            await writer.add(conversation);
            imported.push({ conversationId: conversation.conversationId, title: conversation.title });
          }
        };

        let importer: Importer | undefined;
        for await (const event of readJsonFile(path, { collections: STREAMED_COLLECTIONS })) {
          if (event.type === 'item') {
            importer ??= detectImporter(event.collection, event.value) ?? unrecognized();
            await store(readItem(importer, event.value, event.index));
          } else if (!importer) {
            importer = detectImporter('root', event.value) ?? unrecognized(event.value);
            await store(importer.read(event.value));
          }
        }
        if (!imported.length) throw new InvalidImportError('The file holds no conversations with messages to import.');
        await writer.flush();
        return { imported: imported.length, conversations: imported };
      });
    } catch (err) {
      if (err instanceof InvalidImportError) throw new AppError('invalid_import', err.message);
      throw err;
    }
  }

  /**
   * Keeps the file's endpoint when this server has it; otherwise the chat continues on the first
   * configured endpoint (and its first model), as LibreChat's importer does, so that it can be
   * continued at all. With no endpoints configured the file's names are kept as they are.
   */
  private pickEndpoint(conversation: ImportedConversation): void {
    const wanted = conversation.endpoint ? this.catalog.find(conversation.endpoint) : undefined;
    const endpoint = wanted ?? this.catalog.list()[0];
    if (!endpoint) return;
    conversation.endpointType = clientEndpointType(endpoint);
    if (wanted) return;
    conversation.endpoint = endpoint.name;
    conversation.model = endpoint.models[0] ?? conversation.model;
  }
}

function readItem(importer: Importer, value: unknown, index: number): RawConversation[] {
  try {
    return importer.read(value);
  } catch (err) {
    if (err instanceof InvalidImportError) throw new InvalidImportError(`Conversation ${index + 1}: ${err.message}`);
    throw err;
  }
}

function unrecognized(root?: unknown): never {
  if (Array.isArray(root) && root.length === 0) throw new InvalidImportError('The file holds no conversations.');
  throw new InvalidImportError(
    `The file is not a conversation export this server can read (${SUPPORTED_FORMATS_TEXT}).`,
  );
}
