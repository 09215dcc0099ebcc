import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_AGENT_CAPABILITIES } from '../../config/agents-config-schema.js';
import type { AppConfig } from '../../config/config-schema.js';
import type { Db } from '../../db/database.js';
import type { Env } from '../../env.js';
import { isEmbedder, type Embedder, type EmbedderUnavailable } from '../file-search/embedder.js';
import type { ToolRegistry } from '../tools/tool-registry.js';
import { resolveWebSearch } from './web-search-config.js';
import { createWebSearchToolSource } from './web-search-tool.js';

/**
 * Web search (issue 41) in the one tool registry: registered only when a search provider is
 * configured, its config's warnings said once at start. File search's embedding model, when
 * there is one, ranks the passages by meaning.
 */
export function registerWebSearch(
  tools: ToolRegistry,
  deps: { db: Db; env: Env; config: AppConfig; log: FastifyBaseLogger; embedder: Embedder | EmbedderUnavailable },
): void {
  const search = resolveWebSearch(deps.config.webSearch, deps.env);
  for (const warning of search?.warnings ?? []) deps.log.warn(warning);
  if (!search) return;
  const { embedder } = deps;
  tools.register(
    createWebSearchToolSource({
      db: deps.db,
      search,
      capabilities: deps.config.endpoints?.agents?.capabilities ?? DEFAULT_AGENT_CAPABILITIES,
      interfaceEnabled: deps.config.interface.webSearch,
      embed: isEmbedder(embedder) ? (texts, signal) => embedder.embed(texts, signal) : undefined,
    }),
  );
}
