import type { MessageFile } from '@confab/shared';
import { z } from 'zod';
import type { ToolSource } from '../tools/tool-registry.js';
import type { ToolContext, ToolDefinition, ToolOutput } from '../tools/tool-types.js';
import { FileSearchUnavailableError, type FileSearchIndex, type SearchHit } from './file-search-index.js';
import type { FileSearchScope } from './file-search-scope.js';

/** The tool's plugin key, as LibreChat names it. */
export const FILE_SEARCH_TOOL = 'file_search';

const argsSchema = z.object({ query: z.string().trim().min(1).max(4000) });

const DESCRIPTION =
  'Semantic search over the documents attached to this agent for file search. Give a natural-language ' +
  'query; the answer lists the most relevant passages with their file name, page and position. ' +
  'Use it to find facts, quotes and details in those documents, and cite the file and page you use.';

/** A passage's place for a citation: the page when the document has pages, and its characters. */
function describePlace(hit: SearchHit): string {
  const characters = `characters ${hit.start}–${hit.end}`;
  return hit.page !== null ? `page ${hit.page}, ${characters}` : characters;
}

/** The text the model reads: each passage with its citation, most relevant first. */
export function formatHits(hits: SearchHit[]): string {
  const passages = hits.map(
    (hit, i) =>
      `[${i + 1}] File: ${hit.file.filename} (file_id: ${hit.file.file_id}), ${describePlace(hit)}, relevance ${hit.score.toFixed(4)}\n${hit.text}`,
  );
  return `Passages found, most relevant first. Cite the file name and page of any passage you use.\n\n${passages.join('\n\n')}`;
}

/** One `file` part per cited file, in order of first citation, so the reply can show its sources. */
function citedFiles(hits: SearchHit[]): MessageFile[] {
  const byId = new Map<string, MessageFile>();
  for (const { file } of hits) {
    if (!byId.has(file.file_id)) {
      byId.set(file.file_id, {
        file_id: file.file_id,
        filename: file.filename,
        filepath: file.filepath,
        type: file.type,
        bytes: file.bytes,
      });
    }
  }
  return [...byId.values()];
}

const textOutput = (text: string, isError = false): ToolOutput => ({
  parts: [{ type: 'text', text }],
  ...(isError ? { isError } : {}),
});

/**
 * `file_search` as a registry source: one built-in tool that searches the files a run's scope
 * names (the agent's `tool_resources.file_search`, file-search-scope.ts) and nothing else.
 */
export class FileSearchToolSource implements ToolSource {
  private readonly tool: ToolDefinition;

  constructor(
    private readonly index: FileSearchIndex,
    private readonly scope: FileSearchScope,
  ) {
    this.tool = {
      name: FILE_SEARCH_TOOL,
      displayName: 'File Search',
      description: DESCRIPTION,
      descriptionForHuman: 'Searches the files given to the agent and cites the passages it uses.',
      inputSchema: {
        type: 'object',
        properties: { query: { type: 'string', description: 'What to look for in the files, in natural language.' } },
        required: ['query'],
      },
      kind: 'builtin',
      run: (context, args) => this.run(context, args),
    };
  }

  listTools(): Promise<ToolDefinition[]> {
    return Promise.resolve([this.tool]);
  }

  private async run(context: ToolContext, args: unknown): Promise<ToolOutput> {
    const parsed = argsSchema.safeParse(args);
    if (!parsed.success) return textOutput('file_search needs a "query" string.', true);
    const unavailable = this.index.unavailableReason;
    if (unavailable) return textOutput(unavailable, true);
    const { ownerId, fileIds } = await this.scope(context);
    if (fileIds.length === 0) return textOutput('There are no files to search: none are attached for file search.');
    let hits: SearchHit[];
    try {
      hits = await this.index.search(ownerId, fileIds, parsed.data.query, { signal: context.signal });
    } catch (err) {
      if (context.signal.aborted) throw err;
      if (err instanceof FileSearchUnavailableError) return textOutput(err.message, true);
      context.log.warn({ err }, 'file_search failed');
      return textOutput('File search failed: the embeddings service could not be reached.', true);
    }
    if (hits.length === 0) return textOutput('No passages found: the attached files have no searchable text.');
    return {
      parts: [
        { type: 'text', text: formatHits(hits) },
        ...citedFiles(hits).map((file) => ({ type: 'file' as const, file })),
      ],
    };
  }
}
