/**
 * Web search on a reply (issue 41). A search's sources are stored on the reply outside its text,
 * as LibreChat stores its search results: an attachment of type `web_search` under the tool call,
 * sent live as an `attachment` frame and kept in the reply's `attachments`. The model cites a
 * source as `[n]`, n being its `index`; indexes run on across the searches of one reply, so a
 * number names one source in the whole reply.
 */

/** LibreChat's tool and agents-capability name. */
export const WEB_SEARCH_TOOL = 'web_search';

/** One result of a search, as the reply keeps it (LibreChat's `organic` entries, with ours). */
export interface WebSearchSourceEntry {
  /** 1-based, the number the model cites as [n]; unique within the reply. */
  index: number;
  title: string;
  /** LibreChat's name for the page's address. */
  link: string;
  /** The host without `www.` (LibreChat's `attribution`). */
  attribution: string;
  snippet: string;
  /** Whether the page's text was read (false: only the provider's snippet was used). */
  read: boolean;
  /** The page was longer than the size cap: only its beginning was read. */
  truncated?: boolean;
}

export interface WebSearchIssueEntry {
  /** `search`: the provider failed (nothing found); `page`: one page was not read. */
  kind: 'search' | 'page';
  message: string;
  url?: string;
}

/** What one web_search call found. */
export interface WebSearchResultData {
  /** The call's position among the reply's searches, from 0 (LibreChat's `turn`). */
  turn: number;
  query: string;
  organic: WebSearchSourceEntry[];
  errors: WebSearchIssueEntry[];
}

export interface WebSearchAttachment {
  type: typeof WEB_SEARCH_TOOL;
  messageId: string;
  toolCallId: string;
  conversationId: string;
  web_search: WebSearchResultData;
}

/**
 * Every source of a reply's searches by the number the model cites, in number order (the first
 * kept where two share one): what the sources list, the citation chips and the exports show.
 */
export function webSearchSourcesOf(attachments: readonly { type: string }[] | undefined): WebSearchSourceEntry[] {
  const searches = (attachments ?? [])
    .filter((a): a is WebSearchAttachment => a.type === WEB_SEARCH_TOOL && 'web_search' in a)
    .sort((a, b) => a.web_search.turn - b.web_search.turn);
  const byIndex = new Map<number, WebSearchSourceEntry>();
  for (const search of searches) {
    for (const source of search.web_search.organic ?? []) {
      if (Number.isInteger(source.index) && !byIndex.has(source.index)) byIndex.set(source.index, source);
    }
  }
  return [...byIndex.values()].sort((a, b) => a.index - b.index);
}

/** LibreChat's tool name for the memory step's calls, and its attachment type. */
export const MEMORY_ATTACHMENT = 'memory';

/** A memory the memory step saved or deleted while the reply was written (LibreChat's shape). */
export interface MemoryAttachment {
  type: typeof MEMORY_ATTACHMENT;
  messageId: string;
  toolCallId: string;
  conversationId: string;
  memory: {
    /** `update`: saved (new or changed); `delete`: removed. */
    type: 'update' | 'delete';
    key: string;
    /** The value saved (update), or the one deleted. */
    value?: string;
    /** The value it replaced, when an update changed an existing memory: what Undo puts back. */
    previousValue?: string;
    /** The agent whose own memory it is; absent for the user's general memory. */
    agentId?: string;
    tokenCount?: number;
  };
}
