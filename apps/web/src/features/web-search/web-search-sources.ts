import {
  webSearchSourcesOf,
  type ReplyAttachment,
  type WebSearchAttachment,
  type WebSearchSourceEntry,
} from '@confab/shared';
import { createContext } from 'react';

export function isWebSearchAttachment(attachment: ReplyAttachment): attachment is WebSearchAttachment {
  return attachment.type === 'web_search';
}

/** The reply's searches in the order they ran (LibreChat's `turn`). */
export function webSearchesOf(attachments: readonly ReplyAttachment[] | undefined): WebSearchAttachment[] {
  return (attachments ?? []).filter(isWebSearchAttachment).sort((a, b) => a.web_search.turn - b.web_search.turn);
}

/** Every source of the reply's searches by the number the model cites (packages/shared). */
export const sourcesOf = (attachments: readonly ReplyAttachment[] | undefined): WebSearchSourceEntry[] =>
  webSearchSourcesOf(attachments);

/** The site a source is on, as people know it: its attribution, else its host without `www.`. */
export function siteOf(source: Pick<WebSearchSourceEntry, 'attribution' | 'link'>): string {
  if (source.attribution) return source.attribution;
  try {
    return new URL(source.link).hostname.replace(/^www\./, '');
  } catch {
    return source.link;
  }
}

/** Only http(s) pages open from a chip or a card; anything else shows without a link. */
export function safeSourceUrl(link: string): string | null {
  try {
    const url = new URL(link);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** The reply's sources by number, for the citation chips its markdown draws (null: none). */
export type CitationSources = ReadonlyMap<number, WebSearchSourceEntry>;

export const CitationSourcesContext = createContext<CitationSources | null>(null);

export function citationSourcesOf(sources: readonly WebSearchSourceEntry[]): CitationSources | null {
  return sources.length ? new Map(sources.map((source) => [source.index, source])) : null;
}
