import { messageText, type Conversation } from '@confab/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { MessageSquare, Search, SearchX, Sparkles, User } from 'lucide-react';
import { Fragment, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { useDocumentTitle } from '../config/use-document-title';
import { groupByConversation, highlightSegments, searchTerms, snippetAround } from './highlight';
import { searchMessages, type SearchMessage } from './search-api';
import { useSearchStore } from './search-store';

export const searchKeys = { query: (q: string) => ['search', q] as const };

function Highlighted({ text, terms }: { text: string; terms: readonly string[] }) {
  return (
    <>
      {highlightSegments(text, terms).map((segment, i) =>
        segment.isMatch ? (
          <mark key={i} className="rounded-[3px] bg-amber-200/70 px-0.5 text-fg dark:bg-amber-400/30">
            {segment.text}
          </mark>
        ) : (
          <Fragment key={i}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}

function formatWhen(iso: string | undefined, locale: string): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const sameYear = date.getFullYear() === new Date().getFullYear();
  return date.toLocaleDateString(locale, { month: 'short', day: 'numeric', ...(sameYear ? {} : { year: 'numeric' }) });
}

function ResultMessage({
  message,
  terms,
  locale,
}: {
  message: SearchMessage;
  terms: readonly string[];
  locale: string;
}) {
  const { t } = useTranslation('conversations');
  const text = messageText(message);
  return (
    <li>
      <Link
        to={`/c/${message.conversationId}?messageId=${encodeURIComponent(message.messageId)}`}
        className="focus-ring group flex gap-3 rounded-xl px-3 py-2.5 transition-colors hover:bg-surface-hover"
        data-testid="search-result"
        data-message-id={message.messageId}
      >
        <span
          className={cn(
            'mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full',
            message.isCreatedByUser ? 'bg-surface-tertiary text-fg-secondary' : 'border border-line bg-surface text-fg',
          )}
          aria-hidden
        >
          {message.isCreatedByUser ? <User className="size-3.5" /> : <Sparkles className="size-3.5" />}
        </span>
        <span className="min-w-0 flex-1">
          <span className="flex items-baseline gap-2 text-xs text-fg-tertiary">
            <span className="font-medium text-fg-secondary">
              {message.isCreatedByUser ? t('search_you') : message.sender || t('search_assistant')}
            </span>
            <span>{formatWhen(message.createdAt, locale)}</span>
          </span>
          <span className="mt-0.5 block text-sm leading-relaxed break-words text-fg" data-testid="search-result-text">
            <Highlighted text={snippetAround(text, terms)} terms={terms} />
          </span>
        </span>
      </Link>
    </li>
  );
}

/**
 * /search: the messages matching the sidebar's query, grouped by conversation, with the
 * words highlighted. A result opens its conversation at that message.
 */
export function SearchPage() {
  const { t, i18n } = useTranslation('conversations');
  const [params] = useSearchParams();
  const query = (params.get('q') ?? '').trim();
  const isTyping = useSearchStore((s) => s.isTyping);
  useDocumentTitle(query ? t('search_tab_title', { query }) : t('search_title'));
  const terms = useMemo(() => searchTerms(query), [query]);

  const results = useInfiniteQuery({
    queryKey: searchKeys.query(query),
    queryFn: ({ pageParam, signal }) => searchMessages(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled: query.length > 0,
    staleTime: 30_000,
  });

  const { groups, titles } = useMemo(() => {
    const pages = results.data?.pages ?? [];
    const titleMap = new Map<string, Conversation>();
    for (const page of pages) for (const c of page.conversations) titleMap.set(c.conversationId, c);
    return { groups: groupByConversation(pages.flatMap((p) => p.messages)), titles: titleMap };
  }, [results.data]);
  const messageCount = groups.reduce((n, g) => n + g.messages.length, 0);

  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = results;
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasNextPage) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
      },
      { rootMargin: '400px' },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (!query) {
    return (
      <div
        className="flex h-full flex-col items-center justify-center px-6 pb-[10vh] text-center"
        data-testid="search-page"
      >
        <span className="flex size-12 items-center justify-center rounded-full bg-surface-tertiary">
          <Search className="size-6 text-fg-secondary" aria-hidden />
        </span>
        <h1 className="mt-4 text-xl font-semibold tracking-tight text-fg">{t('search_title')}</h1>
        <p className="mt-2 max-w-sm text-[15px] text-fg-secondary">{t('search_hint')}</p>
      </div>
    );
  }

  return (
    <div
      className="mx-auto w-full max-w-3xl px-4 pt-6 pb-16 sm:px-6"
      data-testid="search-page"
      aria-busy={results.isFetching || isTyping}
    >
      <div className="mb-5 flex items-end justify-between gap-4">
        <div className="min-w-0">
          <h1 className="truncate text-xl font-semibold tracking-tight text-fg">
            {t('search_results_for', { query })}
          </h1>
          {results.isSuccess ? (
            <p className="mt-1 text-sm text-fg-tertiary" data-testid="search-count">
              {hasNextPage
                ? t('search_count_more', { count: messageCount })
                : t('search_count', { count: messageCount })}
            </p>
          ) : null}
        </div>
        {results.isFetching && !isFetchingNextPage ? <Spinner className="mb-1 size-4 text-fg-tertiary" /> : null}
      </div>

      {results.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden>
          {[0, 1, 2].map((i) => (
            <div key={i} className="h-28 animate-pulse rounded-2xl bg-surface-tertiary/70" />
          ))}
        </div>
      ) : results.isError ? (
        <div className="flex flex-col items-center py-16 text-center">
          <p className="text-[15px] text-fg-secondary">{t('search_error')}</p>
          <Button variant="outline" className="mt-4" onClick={() => void results.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : groups.length === 0 ? (
        <div className="flex flex-col items-center py-16 text-center" data-testid="search-empty">
          <span className="flex size-12 items-center justify-center rounded-full bg-surface-tertiary">
            <SearchX className="size-6 text-fg-secondary" aria-hidden />
          </span>
          <h2 className="mt-4 text-lg font-semibold text-fg">{t('search_nothing_found')}</h2>
          <p className="mt-1 max-w-sm text-sm text-fg-secondary">{t('search_nothing_hint')}</p>
        </div>
      ) : (
        <ol className="flex flex-col gap-3">
          {groups.map((group) => {
            const conversation = titles.get(group.conversationId);
            const title = conversation?.title || group.messages[0]?.title || t('untitled');
            return (
              <li
                key={group.conversationId}
                className="rounded-2xl border border-line bg-surface p-1.5"
                data-testid="search-group"
                data-conversation-id={group.conversationId}
              >
                <Link
                  to={`/c/${group.conversationId}`}
                  className="focus-ring flex items-center gap-2 rounded-xl px-3 pt-2 pb-1.5 text-sm font-semibold text-fg hover:text-accent"
                >
                  <MessageSquare className="size-4 shrink-0 text-fg-tertiary" aria-hidden />
                  <span className="truncate">
                    <Highlighted text={title} terms={terms} />
                  </span>
                  {conversation?.updatedAt ? (
                    <span className="ml-auto shrink-0 text-xs font-normal text-fg-tertiary">
                      {formatWhen(conversation.updatedAt, i18n.language)}
                    </span>
                  ) : null}
                </Link>
                <ul>
                  {group.messages.map((message) => (
                    <ResultMessage key={message.messageId} message={message} terms={terms} locale={i18n.language} />
                  ))}
                </ul>
              </li>
            );
          })}
        </ol>
      )}
      <div ref={sentinel} className="flex justify-center py-4">
        {isFetchingNextPage ? <Spinner className="size-5 text-fg-tertiary" /> : null}
      </div>
    </div>
  );
}
