import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { nowIso } from '../../platform/ids.js';
import { findOwnedFiles } from '../files/files.repo.js';
import { chunkText, type ChunkOptions } from './chunk-text.js';
import { isEmbedder, type Embedder, type EmbedderUnavailable } from './embedder.js';
import {
  findChunkModels,
  findSearchableFiles,
  listChunks,
  replaceFileChunks,
  type FileChunkRow,
  type SearchableFile,
} from './file-chunks.repo.js';
import { decodeVector, encodeVector, rankBySimilarity } from './vector-math.js';

/** One passage found, with what a citation needs. */
export interface SearchHit {
  file: Omit<SearchableFile, 'embedded'>;
  /** 1-based page, when the document has pages. */
  page: number | null;
  /** Character offsets of the passage in the file's text. */
  start: number;
  end: number;
  text: string;
  /** Cosine similarity to the query. */
  score: number;
}

/** file_search cannot run: no embedding model is configured. */
export class FileSearchUnavailableError extends Error {}

/** A file deleted while its passages were being made (the insert's foreign key refuses them). */
const isForeignKeyViolation = (err: unknown): boolean => {
  const code = (err as { code?: unknown } | null)?.code;
  return code === '23503' || code === 'SQLITE_CONSTRAINT_FOREIGNKEY';
};

/** Passages returned by a search when the caller does not say. */
export const DEFAULT_SEARCH_LIMIT = 5;

/**
 * The passages of users' documents and their embeddings (migration 011 says why they are ranked
 * in the server rather than by a vector extension). Every call names the owner whose files it
 * reads; ids of other users' files are simply not found.
 */
export class FileSearchIndex {
  /** Files being indexed, so two searches (or an upload and a search) embed a file once. */
  private readonly inFlight = new Map<string, Promise<boolean>>();

  constructor(
    private readonly db: Db,
    private readonly embedder: Embedder | EmbedderUnavailable,
    private readonly chunkOptions: ChunkOptions,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** Why searches cannot run, or undefined when they can. */
  get unavailableReason(): string | undefined {
    return isEmbedder(this.embedder) ? undefined : this.embedder.unavailable;
  }

  private requireEmbedder(): Embedder {
    if (!isEmbedder(this.embedder)) throw new FileSearchUnavailableError(this.embedder.unavailable);
    return this.embedder;
  }

  /**
   * Cuts and embeds the owner's documents among `fileIds` that are not yet indexed with the
   * current model; files without text (images, archives) are passed over. Answers the ids that
   * are indexed now; none when no embedding model is configured (searches say so). Throws when the
   * embedding API fails (the upload logs it; a search reports it).
   */
  async indexFiles(ownerId: string, fileIds: readonly string[], signal?: AbortSignal): Promise<string[]> {
    if (!isEmbedder(this.embedder)) return [];
    const embedder = this.embedder;
    const files = await findSearchableFiles(this.db.kysely, ownerId, fileIds);
    const models = await findChunkModels(
      this.db.kysely,
      ownerId,
      files.map((f) => f.file_id),
    );
    const current = files.filter((f) =>
      models.has(f.file_id) ? models.get(f.file_id) === embedder.model : f.embedded === 1,
    );
    const stale = files.filter((f) => !current.includes(f)).map((f) => f.file_id);
    const done = await Promise.all(stale.map((fileId) => this.indexOnce(ownerId, fileId, embedder, signal)));
    return [...current.map((f) => f.file_id), ...stale.filter((_, i) => done[i])];
  }

  private indexOnce(ownerId: string, fileId: string, embedder: Embedder, signal?: AbortSignal): Promise<boolean> {
    const key = `${fileId}\u0000${embedder.model}`;
    const running = this.inFlight.get(key);
    if (running) return running;
    const work = this.indexFile(ownerId, fileId, embedder, signal).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, work);
    return work;
  }

  /** One file: read its text, cut it, embed the passages, store them. False when it has no text. */
  private async indexFile(ownerId: string, fileId: string, embedder: Embedder, signal?: AbortSignal): Promise<boolean> {
    const [row] = await findOwnedFiles(this.db.kysely, ownerId, [fileId]);
    if (!row?.text) return false;
    const chunks = chunkText(row.text, this.chunkOptions);
    const vectors = await embedder.embed(
      chunks.map((c) => c.text),
      signal,
    );
    const createdAt = nowIso();
    const rows: FileChunkRow[] = chunks.map((chunk, i) => ({
      file_id: fileId,
      chunk_index: i,
      user_id: ownerId,
      page: chunk.page ?? null,
      start_offset: chunk.start,
      end_offset: chunk.end,
      text: chunk.text,
      embedding: encodeVector(vectors[i] ?? []),
      model: embedder.model,
      created_at: createdAt,
    }));
    try {
      await replaceFileChunks(this.db.kysely, ownerId, fileId, rows);
    } catch (err) {
      // Another server indexed it at the same moment (its passages stand), or it was deleted meanwhile.
      if (isUniqueViolation(err)) return true;
      if (isForeignKeyViolation(err)) return false;
      throw err;
    }
    this.log.debug({ fileId, passages: rows.length }, 'file indexed for file_search');
    return true;
  }

  /**
   * The passages of the owner's files among `fileIds` nearest to `query`, nearest first. Files
   * not yet indexed (attached before embeddings were configured, or under another model) are
   * indexed first.
   */
  async search(
    ownerId: string,
    fileIds: readonly string[],
    query: string,
    options: { limit?: number; signal?: AbortSignal } = {},
  ): Promise<SearchHit[]> {
    const embedder = this.requireEmbedder();
    const indexed = await this.indexFiles(ownerId, fileIds, options.signal);
    if (indexed.length === 0) return [];
    const files = new Map((await findSearchableFiles(this.db.kysely, ownerId, indexed)).map((f) => [f.file_id, f]));
    const chunks = (await listChunks(this.db.kysely, ownerId, indexed)).filter((c) => c.model === embedder.model);
    if (chunks.length === 0) return [];
    const [queryVector = []] = await embedder.embed([query], options.signal);
    const ranked = rankBySimilarity(
      queryVector,
      chunks.map((chunk) => ({ chunk, vector: decodeVector(chunk.embedding) })),
      options.limit ?? DEFAULT_SEARCH_LIMIT,
    );
    return ranked.flatMap(({ chunk, score }) => {
      const file = files.get(chunk.file_id);
      if (!file) return [];
      const { embedded: _embedded, ...cited } = file;
      return [
        { file: cited, page: chunk.page, start: chunk.start_offset, end: chunk.end_offset, text: chunk.text, score },
      ];
    });
  }
}
