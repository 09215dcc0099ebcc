import { TIMING } from '@confab/shared';
import { useInfiniteQuery, useMutation } from '@tanstack/react-query';
import { ExternalLink, MessageSquareText, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { IconButton } from '../../components/ui/icon-button';
import { NAME_IN_SENTENCE } from '../../components/ui/name-in-sentence';
import { showToast } from '../../components/ui/toast-store';
import { queryClient } from '../../lib/query-client';
import { ConfirmDialog } from '../conversations/confirm-dialog';
import { deletableShareIds } from '../conversations/table/table-paging';
import { NameDateActionsHeaders, useTableSort, VirtualTable } from '../conversations/table/virtual-table';
import { formatTableDate } from '../conversations/table/format-table-date';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { deleteShareLink, listSharedLinks, type SharedLinkRow, type SharedLinksQuery } from './share-api';
import { sharedLinksKeys } from './shared-links-keys';
import { TableSearchField } from '../../components/ui/table-search-field';

const COLUMNS = '1.5rem minmax(0,1fr) 7.5rem 6.5rem';
// Small screens: the date sits under the name, which gets the row's width.
const NARROW_COLUMNS = '1rem minmax(0,1fr) 4.25rem';
const NARROW_HEADER_COLUMNS = '1rem auto minmax(0,1fr) 4.25rem';

/**
 * Settings → Data → Shared links: every link with its title and date, sortable and
 * searchable (300 ms), 25 per page; view the source conversation, open or delete the link,
 * or tick several and delete them together.
 */
export function SharedLinksTable() {
  const { t, i18n } = useTranslation('share');
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), TIMING.tableSearchDebounceMs);
  const { sort, sortBy } = useTableSort<SharedLinksQuery['sortBy']>('createdAt');
  const query = useMemo<SharedLinksQuery>(() => ({ search, ...sort }), [search, sort]);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [pendingDelete, setPendingDelete] = useState<SharedLinkRow[] | null>(null);

  const links = useInfiniteQuery({
    queryKey: sharedLinksKeys.list(query),
    queryFn: ({ pageParam, signal }) => listSharedLinks(query, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.hasNextPage && last.nextCursor ? last.nextCursor : undefined),
    staleTime: 0,
  });
  const items = useMemo(() => links.data?.pages.flatMap((p) => p.links) ?? [], [links.data]);
  const selectable = items.filter((l) => l.shareId);
  const isAllSelected = selectable.length > 0 && selectable.every((l) => selected.has(l.shareId));

  const remove = useMutation({
    mutationFn: async (targets: SharedLinkRow[]) => {
      const ids = deletableShareIds(targets);
      const results = await Promise.allSettled(ids.map((id) => deleteShareLink(id)));
      return { ids, failed: results.filter((r) => r.status === 'rejected').length };
    },
    onSuccess: ({ ids, failed }) => {
      setSelected(new Set());
      if (failed > 0)
        showToast({
          message: ids.length > 1 ? t('com_ui_bulk_delete_error') : t('com_ui_share_delete_error'),
          status: 'error',
        });
      else showToast({ message: t('deleted_count', { count: ids.length }), status: 'success' });
      for (const id of ids)
        queryClient.setQueriesData({ queryKey: ['shareLink'] }, (current: unknown) =>
          current === id ? null : current,
        );
    },
    onError: () => showToast({ message: t('com_ui_bulk_delete_error'), status: 'error' }),
    onSettled: () => {
      setPendingDelete(null);
      void queryClient.invalidateQueries({ queryKey: sharedLinksKeys.all });
    },
  });

  const askDelete = (targets: SharedLinkRow[]) => {
    // SPEC 5: items without a shareId are skipped; none valid warns.
    if (deletableShareIds(targets).length === 0) {
      showToast({ message: t('com_ui_no_valid_items'), status: 'warning' });
      return;
    }
    setPendingDelete(targets);
  };

  const toggle = (shareId: string) =>
    setSelected((s) => {
      const next = new Set(s);
      if (next.has(shareId)) next.delete(shareId);
      else next.add(shareId);
      return next;
    });
  return (
    <div className="flex h-[min(60dvh,560px)] flex-col gap-3" data-testid="shared-links-manager">
      <div className="flex items-center gap-2">
        <TableSearchField
          value={searchInput}
          onChange={setSearchInput}
          label={t('links_search')}
          className="flex-1"
          data-testid="shared-links-search"
        />
        {selected.size > 0 ? (
          <Button
            variant="danger"
            size="sm"
            onClick={() => askDelete(items.filter((l) => selected.has(l.shareId)))}
            data-testid="shared-links-bulk-delete"
          >
            <Trash2 className="size-4" aria-hidden />
            {t('delete_selected', { count: selected.size })}
          </Button>
        ) : null}
      </div>
      <VirtualTable
        items={items}
        getKey={(l) => l.shareId || `${l.conversationId}-${l.createdAt}`}
        columns={COLUMNS}
        narrowColumns={NARROW_COLUMNS}
        narrowHeaderColumns={NARROW_HEADER_COLUMNS}
        label={t('links_title')}
        testId="shared-links-table"
        pages={links}
        header={
          <>
            <div role="columnheader" className="flex items-center">
              <input
                type="checkbox"
                checked={isAllSelected}
                disabled={selectable.length === 0}
                onChange={() => setSelected(isAllSelected ? new Set() : new Set(selectable.map((l) => l.shareId)))}
                aria-label={t('select_all')}
                className="size-4 accent-[var(--accent)]"
                data-testid="shared-links-select-all"
              />
            </div>
            <NameDateActionsHeaders
              sort={sort}
              sortBy={sortBy}
              nameLabel={t('col_name')}
              dateLabel={t('col_date')}
              actionsLabel={t('col_actions')}
            />
          </>
        }
        empty={
          <p className="py-10 text-center text-sm text-fg-tertiary">
            {search ? t('links_none_found') : t('links_empty')}
          </p>
        }
        renderRow={(link) => (
          <>
            <div role="cell" className="flex items-center max-md:col-start-1 max-md:row-span-2 max-md:row-start-1">
              <input
                type="checkbox"
                checked={selected.has(link.shareId)}
                disabled={!link.shareId}
                onChange={() => toggle(link.shareId)}
                aria-label={t('select_link', { title: link.title ?? '' })}
                className="size-4 accent-[var(--accent)]"
              />
            </div>
            <div role="cell" className="min-w-0 max-md:col-start-2 max-md:row-start-1">
              <a
                href={`/share/${link.shareId}`}
                target="_blank"
                rel="noreferrer"
                className="focus-ring flex min-w-0 items-center gap-1.5 rounded-sm font-medium text-fg hover:text-accent"
                data-testid="shared-link-title"
              >
                <span className="truncate" title={link.title || undefined}>
                  {link.title || t('untitled')}
                </span>
                {/* On a phone the name needs the room more than the hint. */}
                <ExternalLink className="size-3.5 shrink-0 text-fg-tertiary max-sm:hidden" aria-hidden />
              </a>
            </div>
            <div
              role="cell"
              className="truncate text-fg-secondary tabular-nums max-md:col-start-2 max-md:row-start-2 max-md:text-xs"
            >
              {formatTableDate(link.createdAt, i18n.language)}
            </div>
            <div
              role="cell"
              className="flex items-center justify-end gap-0.5 max-md:col-start-3 max-md:row-span-2 max-md:row-start-1"
            >
              {link.conversationId ? (
                <a
                  href={`/c/${link.conversationId}`}
                  target="_blank"
                  rel="noreferrer"
                  aria-label={t('view_source')}
                  title={t('view_source')}
                  className="focus-ring flex size-8 items-center justify-center rounded-lg text-fg-secondary hover:bg-surface-hover hover:text-fg"
                  data-testid="shared-link-source"
                >
                  <MessageSquareText className="size-[18px]" aria-hidden />
                </a>
              ) : null}
              <IconButton
                label={t('delete')}
                size="icon-sm"
                onClick={() => askDelete([link])}
                className="text-fg-secondary hover:text-danger"
                data-testid="shared-link-delete"
              >
                <Trash2 />
              </IconButton>
            </div>
          </>
        )}
      />
      <ConfirmDialog
        isOpen={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title={t('delete_links_title', { count: pendingDelete ? deletableShareIds(pendingDelete).length : 0 })}
        confirmLabel={t('delete')}
        isPending={remove.isPending}
        onConfirm={() => pendingDelete && remove.mutate(pendingDelete)}
        testId="shared-links-delete-dialog"
      >
        {pendingDelete?.length === 1 ? (
          <Trans
            t={t}
            i18nKey="delete_link_body"
            values={{ title: pendingDelete[0]?.title ?? '' }}
            components={NAME_IN_SENTENCE}
          />
        ) : (
          t('delete_links_body', { count: pendingDelete ? deletableShareIds(pendingDelete).length : 0 })
        )}
      </ConfirmDialog>
    </div>
  );
}

export function SharedLinksDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(isOpen: boolean): void }) {
  const { t } = useTranslation('share');
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent title={t('links_title')} className="max-w-3xl" data-testid="shared-links-dialog">
        <div className="px-6 pb-6">{isOpen ? <SharedLinksTable /> : null}</div>
      </DialogContent>
    </Dialog>
  );
}
