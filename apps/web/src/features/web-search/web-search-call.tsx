import type { WebSearchAttachment } from '@confab/shared';
import { ChevronRight, CircleAlert, Globe } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import type { ToolCall } from '../chat/stream/tool-call-events';
import { getToolCallStatus } from '../chat/messages/tools/tool-call-status';
import { SiteMark } from './site-mark';
import { safeSourceUrl, siteOf } from './web-search-sources';

/** The query of a call's arguments (`{"query": "…"}`), while they stream too; '' when unreadable. */
export function queryOfArgs(args: string): string {
  try {
    const parsed: unknown = JSON.parse(args);
    if (parsed && typeof parsed === 'object' && typeof (parsed as { query?: unknown }).query === 'string')
      return (parsed as { query: string }).query;
  } catch {
    // Arguments still streaming: the query so far.
    const partial = /"query"\s*:\s*"((?:[^"\\]|\\.)*)/.exec(args);
    if (partial?.[1] !== undefined) return partial[1].replace(/\\(.)/g, '$1');
  }
  return '';
}

/**
 * A web_search call in a reply (issue 41): what was searched ("Searched the web for “…”"), then on
 * demand the pages it found, those only known by their snippet marked, and what went wrong in words.
 */
export function WebSearchCall({
  call,
  isSubmitting,
  search,
}: {
  call: ToolCall;
  isSubmitting: boolean;
  /** This call's results (its attachment), once they came. */
  search: WebSearchAttachment | undefined;
}) {
  const { t } = useTranslation('web-search');
  const [isOpen, setIsOpen] = useState(false);
  const status = getToolCallStatus(call, isSubmitting);
  const query = search?.web_search.query || queryOfArgs(call.args);
  const organic = search?.web_search.organic ?? [];
  const errors = search?.web_search.errors ?? [];
  const searchFailed = errors.some((error) => error.kind === 'search');
  const pagesRead = organic.filter((source) => source.read).length;
  const title =
    status === 'running'
      ? t(query ? 'call.searching' : 'call.searching_plain', { query })
      : status === 'error' || (searchFailed && !organic.length)
        ? t(call.output === undefined && !search ? 'call.unfinished' : 'call.failed', { query })
        : t(query ? 'call.searched' : 'call.searched_plain', { query });
  const summary = organic.length
    ? pagesRead
      ? t('call.pages', { count: pagesRead })
      : t('call.found', { count: organic.length })
    : null;
  const isFailed = status === 'error' || (searchFailed && !organic.length);

  return (
    <div className="my-3 max-w-3xl" data-testid="tool-call" data-tool={call.name} data-status={status}>
      <div className="flex min-w-0 items-start gap-2 text-sm">
        <span className="flex h-5 shrink-0 items-center">
          {status === 'running' ? (
            <Spinner className="size-4 text-accent" />
          ) : isFailed ? (
            <CircleAlert className="size-4 text-danger" aria-hidden />
          ) : (
            <Globe className="size-4 text-fg-tertiary" aria-hidden />
          )}
        </span>
        <p className="min-w-0 leading-5 break-words">
          <span
            className={cn('me-1.5 font-medium text-fg-secondary', status === 'running' && 'animate-pulse')}
            data-testid="web-search-title"
          >
            {title}
          </span>
          {summary ? (
            <button
              type="button"
              onClick={() => setIsOpen((open) => !open)}
              aria-expanded={isOpen}
              className="focus-ring inline-flex items-center gap-0.5 rounded-md px-1 align-baseline text-xs whitespace-nowrap text-fg-tertiary hover:bg-surface-hover hover:text-fg-secondary"
              data-testid="web-search-pages-toggle"
            >
              {summary}
              <ChevronRight className={cn('size-3.5 transition-transform', isOpen && 'rotate-90')} aria-hidden />
            </button>
          ) : null}
        </p>
      </div>
      {isOpen && organic.length ? (
        <ul className="mt-2 ms-2 grid gap-1 border-s border-line ps-4" data-testid="web-search-pages">
          {organic.map((source) => {
            const site = siteOf(source);
            const href = safeSourceUrl(source.link);
            return (
              <li key={source.index} className="flex min-w-0 items-center gap-2 text-xs">
                <SiteMark site={site} />
                <span className="shrink-0 text-fg-tertiary">{site}</span>
                {href ? (
                  <a
                    href={href}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="truncate text-fg-secondary hover:text-fg hover:underline"
                  >
                    {source.title || source.link}
                  </a>
                ) : (
                  <span className="truncate text-fg-secondary">{source.title || source.link}</span>
                )}
                {!source.read ? (
                  <span className="shrink-0 rounded-full bg-surface-tertiary px-1.5 text-[10px] text-fg-tertiary">
                    {t('call.not_read')}
                  </span>
                ) : source.truncated ? (
                  <span className="shrink-0 rounded-full bg-surface-tertiary px-1.5 text-[10px] text-fg-tertiary">
                    {t('call.truncated')}
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {errors.length ? (
        <ul className="mt-1.5 grid gap-0.5 text-xs text-fg-tertiary" data-testid="web-search-errors">
          {errors.map((error, i) => (
            <li key={i} className="flex min-w-0 items-start gap-1.5">
              <CircleAlert className="mt-px size-3.5 shrink-0 text-danger" aria-hidden />
              <span className="min-w-0 break-words">
                {error.kind === 'search'
                  ? t('call.search_error', { message: error.message })
                  : error.url
                    ? t('call.page_error', {
                        site: siteOf({ attribution: '', link: error.url }),
                        message: error.message,
                      })
                    : t('call.page_error_plain', { message: error.message })}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
