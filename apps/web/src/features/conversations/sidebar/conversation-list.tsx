import { groupConversationsByDate } from '@confab/shared';
import { useVirtualizer } from '@tanstack/react-virtual';
import { MessageSquareDashed, SearchX } from 'lucide-react';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useSmallScreen } from '../../layout/use-small-screen';
import { useConversationsInfiniteQuery } from '../conversation-queries';
import type { ConversationFilters } from '../conversations-api';
import { useOpenConversationId } from '../use-conversation-actions';
import { ConversationRow } from './conversation-row';
import { groupLabel } from './group-label';
import {
  flattenGroups,
  isNearEnd,
  LOAD_MORE_ROWS_THROTTLE_MS,
  LOAD_MORE_SCROLL_THROTTLE_MS,
  rowHeight,
  throttle,
} from './sidebar-rows';
import { ConversationListSkeleton } from './conversation-list-skeleton';
import { useDayKey } from './use-day-key';

/** SPEC 9, Table rows: overscan 10. */
const OVERSCAN = 10;

export interface ConversationListProps {
  filters: ConversationFilters;
  canShare: boolean;
  canBookmark: boolean;
}

/**
 * The grouped, virtualised conversation list: only the rows in view (plus 10) exist in the
 * DOM, so 10,000 conversations scroll like 20. The next page loads within 8 rows of the end
 * (throttled 300 ms) or at 97 % of the scroll height (throttled 750 ms), per SPEC 9.
 */
export function ConversationList({ filters, canShare, canBookmark }: ConversationListProps) {
  const { t, i18n } = useTranslation('conversations');
  const isSmall = useSmallScreen();
  const activeId = useOpenConversationId();
  const dayKey = useDayKey();
  const query = useConversationsInfiniteQuery(filters);
  const { data, hasNextPage, isFetchingNextPage, fetchNextPage } = query;

  const rows = useMemo(() => {
    const conversations = data?.pages.flatMap((p) => p.conversations) ?? [];
    return flattenGroups(groupConversationsByDate(conversations, new Date()));
    // dayKey is not read, but re-groups the list when the date changes at midnight.
  }, [data, dayKey]);

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (index) => rowHeight(rows[index], isSmall),
    getItemKey: (index) => rows[index]?.key ?? index,
    overscan: OVERSCAN,
    paddingEnd: 8,
  });
  useEffect(() => virtualizer.measure(), [isSmall, virtualizer]);

  // The throttles read the latest state when they fire, not when they were scheduled.
  const latest = useRef({ hasNextPage, isFetchingNextPage, fetchNextPage });
  latest.current = { hasNextPage, isFetchingNextPage, fetchNextPage };
  const loadMore = useCallback(() => {
    const { hasNextPage: hasMore, isFetchingNextPage: isBusy, fetchNextPage: fetchMore } = latest.current;
    if (hasMore && !isBusy) void fetchMore();
  }, []);
  const byRows = useMemo(() => throttle(loadMore, LOAD_MORE_ROWS_THROTTLE_MS), [loadMore]);
  const byScroll = useMemo(() => throttle(loadMore, LOAD_MORE_SCROLL_THROTTLE_MS), [loadMore]);
  useEffect(
    () => () => {
      byRows.cancel();
      byScroll.cancel();
    },
    [byRows, byScroll],
  );

  const items = virtualizer.getVirtualItems();
  const lastRenderedIndex = items.length ? (items[items.length - 1]?.index ?? -1) : -1;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && isNearEnd({ lastRenderedIndex, rowCount: rows.length }).byRows)
      byRows.run();
  }, [lastRenderedIndex, rows.length, hasNextPage, isFetchingNextPage, byRows]);

  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el || !latest.current.hasNextPage) return;
    if (
      isNearEnd({
        lastRenderedIndex: -1,
        rowCount: 0,
        scrollTop: el.scrollTop,
        clientHeight: el.clientHeight,
        scrollHeight: el.scrollHeight,
      }).byScroll
    )
      byScroll.run();
  }, [byScroll]);

  const isFiltered = filters.tags.length > 0 || filters.search.length > 0;
  let body;
  if (query.isPending) body = <ConversationListSkeleton />;
  else if (query.isError && rows.length === 0) {
    body = (
      <div
        className="flex flex-col items-center gap-3 px-4 py-10 text-center text-[13px] text-fg-tertiary"
        role="alert"
      >
        {t('list_error')}
        <Button size="sm" variant="outline" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </div>
    );
  } else if (rows.length === 0) {
    body = (
      <div
        className="flex flex-col items-center gap-2 px-4 py-10 text-center text-[13px] text-fg-tertiary"
        data-testid="conversation-list-empty"
      >
        {isFiltered ? (
          <SearchX className="size-5" aria-hidden />
        ) : (
          <MessageSquareDashed className="size-5" aria-hidden />
        )}
        {isFiltered ? t('list_empty_filtered') : t('list_empty')}
      </div>
    );
  } else {
    body = (
      <div
        className="relative w-full"
        style={{ height: virtualizer.getTotalSize() }}
        role="list"
        aria-label={t('list_label')}
      >
        {items.map((item) => {
          const row = rows[item.index];
          if (!row) return null;
          return (
            <div
              key={item.key}
              role={row.type === 'header' ? 'presentation' : 'listitem'}
              className="absolute top-0 left-0 w-full"
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
            >
              {row.type === 'header' ? (
                <h2
                  className="flex h-full items-end px-2.5 pb-1.5 text-xs font-semibold tracking-wide text-fg-tertiary select-none"
                  data-testid="conversation-group"
                  data-group={row.group.key}
                >
                  {groupLabel(row.group, t, i18n.language)}
                </h2>
              ) : (
                <ConversationRow
                  conversation={row.conversation}
                  isActive={row.conversation.conversationId === activeId}
                  isSmall={isSmall}
                  canShare={canShare}
                  canBookmark={canBookmark}
                />
              )}
            </div>
          );
        })}
      </div>
    );
  }

  return (
    <div
      ref={scrollRef}
      onScroll={onScroll}
      className="scrollbar-thin -mx-3 min-h-0 flex-1 overflow-y-auto overscroll-contain px-3"
      data-testid="conversation-list"
      aria-busy={query.isFetching || undefined}
    >
      {body}
      {isFetchingNextPage ? (
        <div className="flex justify-center py-3 text-fg-tertiary" data-testid="conversation-list-more">
          <Spinner className="size-4" label={t('loading_more')} />
        </div>
      ) : null}
    </div>
  );
}
