import { WEB_SEARCH_TOOL, type WebSearchAttachment } from '@confab/shared';
import { z } from 'zod';
import type { Db } from '../../db/database.js';
import { hasPermissions } from '../roles/require-permission.js';
import { toolError, toolInputSchemaOf } from '../tools/tool-output.js';
import type { ToolSource } from '../tools/tool-registry.js';
import type { ToolContext, ToolDefinition, ToolOutput } from '../tools/tool-types.js';
import { findUserById } from '../users/users.repo.js';
import type { Role } from '@confab/shared';
import { createFirecrawlReader } from './firecrawl-reader.js';
import { runWebSearch } from './run-web-search.js';
import type { EmbedTexts } from './semantic-rank.js';
import type { ResolvedWebSearch } from './web-search-config.js';
import type { WebSearchResult } from './web-search-types.js';

const argsSchema = z.object({
  query: z.string().trim().min(1).max(400).describe('The search query: a few keywords, as typed into a search engine.'),
});

const DESCRIPTION = [
  'Searches the web and reads the top pages, for current events, facts you are unsure of, and anything after your training data.',
  'Returns numbered sources with passages from them. Cite what you use as [n], n being the source number.',
].join('\n');

export interface WebSearchToolDeps {
  db: Db;
  search: ResolvedWebSearch;
  /** The agents capabilities the config enables (endpoints.agents.capabilities, or LibreChat's defaults). */
  capabilities: readonly string[];
  /** `interface.webSearch`: off hides the tool from every chat. */
  interfaceEnabled: boolean;
  /** Tests point page reading at their own fetch. */
  pageFetch?: typeof fetch;
  /** The embedding model file search is configured with: passages are then ranked by meaning. */
  embed?: EmbedTexts | undefined;
}

/**
 * Where each reply's numbering stands: searches of one reply number their sources on from the
 * last (a number names one source in the whole reply), and each call knows its turn. Bounded: a
 * reply's entry is dropped once many newer replies have searched.
 */
class ReplyCounters {
  private readonly byMessage = new Map<string, { turns: number; lastIndex: number }>();
  constructor(private readonly limit = 2000) {}

  of(messageId: string): { turns: number; lastIndex: number } {
    let entry = this.byMessage.get(messageId);
    if (!entry) {
      entry = { turns: 0, lastIndex: 0 };
      this.byMessage.set(messageId, entry);
      if (this.byMessage.size > this.limit) this.byMessage.delete(this.byMessage.keys().next().value as string);
    }
    return entry;
  }
}

async function mayUse(deps: WebSearchToolDeps, user: { role: Role }): Promise<boolean> {
  return (
    deps.interfaceEnabled &&
    deps.capabilities.includes(WEB_SEARCH_TOOL) &&
    (await hasPermissions(deps.db, user, 'WEB_SEARCH', ['USE']))
  );
}

/**
 * `web_search` (issue 41) in the one tool registry: search through the configured provider, read
 * the top pages (egress guard, or the Firecrawl-compatible scraper), rank passages, and hand the
 * model numbered sources to cite. The sources are attached to the reply (a `web_search`
 * attachment under the call), so the screen numbers what is stored even when the model does not
 * cite. Offered with the agents capability, WEB_SEARCH USE and `interface.webSearch`; each run
 * checks them again.
 */
export function createWebSearchToolSource(deps: WebSearchToolDeps): ToolSource {
  const counters = new ReplyCounters();
  const { search } = deps;
  const readPage = search.firecrawl
    ? createFirecrawlReader({ ...search.firecrawl, allowedAddresses: search.settings.allowedAddresses ?? [] })
    : undefined;
  const tool: ToolDefinition = {
    name: WEB_SEARCH_TOOL,
    displayName: 'Web Search',
    description: DESCRIPTION,
    descriptionForHuman: 'Searches the web, reads the top pages and answers with numbered sources.',
    inputSchema: toolInputSchemaOf(argsSchema),
    kind: 'builtin',
    auth: search.auth,
    isOfferedTo: (user) => mayUse(deps, user),
    run: async (context, args) => {
      const parsed = argsSchema.safeParse(args);
      if (!parsed.success) return toolError('web_search needs "query": the words to search for.');
      const user = await findUserById(deps.db.kysely, context.userId);
      if (!user || !(await mayUse(deps, { role: user.role as Role })))
        return toolError('You are not allowed to search the web.');
      const counter = counters.of(context.messageId);
      // The turn is taken at the call, so parallel calls of one step keep their order.
      const turn = counter.turns++;
      const result = await runWebSearch(parsed.data.query, search.settings, {
        provider: search.providerFor(context.credentials),
        signal: context.signal,
        reranker: search.reranker,
        embed: deps.embed,
        ...(deps.pageFetch ? { pageFetch: deps.pageFetch } : {}),
        ...(readPage ? { readPage } : {}),
      });
      // Numbered on from the reply's earlier searches, once the count of this one is known.
      const offset = counter.lastIndex;
      counter.lastIndex += result.sources.length;
      return toolOutput(context, turn, offset, result);
    },
  };
  return { listTools: () => Promise.resolve([tool]) };
}

function toolOutput(context: ToolContext, turn: number, offset: number, result: WebSearchResult): ToolOutput {
  const attachment: WebSearchAttachment = {
    type: WEB_SEARCH_TOOL,
    messageId: context.messageId,
    toolCallId: context.toolCallId,
    conversationId: context.conversationId,
    web_search: {
      turn,
      query: result.query,
      organic: result.sources.map((s) => ({
        index: s.index + offset,
        title: s.title,
        link: s.url,
        attribution: s.site,
        snippet: s.snippet,
        read: s.read,
        ...(s.truncated ? { truncated: true } : {}),
      })),
      errors: result.errors.map((e) => ({ kind: e.kind, message: e.message, ...(e.url ? { url: e.url } : {}) })),
    },
  };
  return { parts: [{ type: 'text', text: modelText(result, offset) }], attachments: [attachment] };
}

/** What the model reads: numbered sources with their best passages, how to cite, and what failed. */
export function modelText(result: WebSearchResult, offset: number): string {
  const searchFailure = result.errors.find((e) => e.kind === 'search');
  if (searchFailure) {
    return [
      `The search service is unavailable: the web search for "${result.query}" failed (${searchFailure.message})`,
      'Tell the user the web search could not be done, then answer as well as you can without it.',
    ].join('\n');
  }
  if (!result.sources.length)
    return `The web search for "${result.query}" found nothing. Say so, and answer as well as you can without it.`;
  const lines = [`Web search results for "${result.query}":`, ''];
  for (const source of result.sources) {
    const n = source.index + offset;
    lines.push(`[${n}] ${source.title} (${source.site})`, `URL: ${source.url}`);
    const passages = result.passages.filter((p) => p.sourceIndex === source.index);
    if (passages.length) for (const p of passages) lines.push(`> ${p.text.replace(/\n+/g, ' ')}`);
    else if (source.snippet) lines.push(`> ${source.snippet}`);
    if (!source.read) lines.push('(The page itself could not be read; only the search snippet is given.)');
    lines.push('');
  }
  const first = offset + 1;
  const last = offset + result.sources.length;
  lines.push(
    `Cite the sources you use inline as [n], right after the statement they support, using only the numbers ${first === last ? `[${first}]` : `[${first}] to [${last}]`} above. Do not make up sources or add a list of links; the sources are shown to the user.`,
  );
  const pageIssues = result.errors.filter((e) => e.kind === 'page');
  if (pageIssues.length) lines.push('', 'Pages not read:', ...pageIssues.map((e) => `- ${e.message}`));
  return lines.join('\n');
}
