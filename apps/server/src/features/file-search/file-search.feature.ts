import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database.js';
import type { Env } from '../../env.js';
import { createEmbedder, type Embedder, type EmbedderUnavailable } from './embedder.js';
import { FileSearchIndex } from './file-search-index.js';
import { createFileSearchScope, type FindUsableAgent } from './file-search-scope.js';
import { FileSearchToolSource } from './file-search-tool.js';

/**
 * file_search, built once at start-up: the index (fed by uploads for file_search, read by
 * searches) and the tool source the registry lists. `findAgent` is the agents feature's access
 * check; without it only the caller's own agents are searched.
 */
export function createFileSearchFeature(deps: {
  db: Db;
  env: Env;
  log: FastifyBaseLogger;
  findAgent?: FindUsableAgent | undefined;
}): {
  index: FileSearchIndex;
  toolSource: FileSearchToolSource;
  /** The embedding model (web search ranks its passages with it too), or why there is none. */
  embedder: Embedder | EmbedderUnavailable;
} {
  const embedder = createEmbedder(deps.env);
  if ('unavailable' in embedder) deps.log.info(embedder.unavailable);
  const index = new FileSearchIndex(
    deps.db,
    embedder,
    { size: deps.env.CHUNK_SIZE, overlap: deps.env.CHUNK_OVERLAP },
    deps.log,
  );
  const toolSource = new FileSearchToolSource(index, createFileSearchScope(deps.db, deps.findAgent));
  return { index, toolSource, embedder };
}
