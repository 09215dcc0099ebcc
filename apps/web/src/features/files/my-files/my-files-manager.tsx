import { TIMING, type FileRecord } from '@confab/shared';
import { useMutation } from '@tanstack/react-query';
import { Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { NAME_IN_SENTENCE } from '../../../components/ui/name-in-sentence';
import { showToast } from '../../../components/ui/toast-store';
import { queryClient } from '../../../lib/query-client';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { forgetTempFiles } from '../../chat/drafts/file-drafts';
import { ConfirmDialog } from '../../conversations/confirm-dialog';
import { formatTableDate } from '../../conversations/table/format-table-date';
import { SortHeader, useTableSort, VirtualTable } from '../../conversations/table/virtual-table';
import { formatBytes } from '../../import-export/import-rules';
import { useAttachmentsStore, dispatchAttachments } from '../attachments-store';
import { fileKeys, useFilesQuery } from '../file-queries';
import { fileKind } from '../file-kind';
import { deleteFiles } from '../files-api';
import { FileThumb } from './file-thumb';
import { filterFiles, keepVisibleSelection, sortFiles, type FileSortColumn } from './file-table-rules';
import { TableSearchField } from '../../../components/ui/table-search-field';

const COLUMNS = '1.25rem minmax(0,1fr) 6.5rem 4.5rem 6.5rem';
// Small screens: type, size and date go under the name.
const NARROW_COLUMNS = '1.25rem minmax(0,1fr)';
const NARROW_HEADER_COLUMNS = '1.25rem auto auto minmax(0,1fr)';

/** Drops deleted files from the chat input too: they can no longer be sent. */
function detachDeleted(ids: ReadonlySet<string>): void {
  for (const [key, list] of Object.entries(useAttachmentsStore.getState().byKey))
    for (const a of list) if (ids.has(a.file_id)) dispatchAttachments(key, { type: 'removed', tempId: a.tempId });
}

/**
 * Settings → Data → My files: every file the user uploaded, with its type, size and date;
 * searchable (300 ms), sortable by name, date or size; tick several (or all) and delete them
 * after a confirmation.
 */
export function MyFilesManager() {
  const { t, i18n } = useTranslation('files');
  const query = useFilesQuery();
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), TIMING.tableSearchDebounceMs);
  const { sort, sortBy } = useTableSort<FileSortColumn>('createdAt');
  const items = useMemo(() => sortFiles(filterFiles(query.data ?? [], search), sort), [query.data, search, sort]);
  const [selectedIds, setSelected] = useState<ReadonlySet<string>>(new Set());
  // A file filtered out or deleted elsewhere is not silently deleted with the visible ones.
  const selected = useMemo(() => keepVisibleSelection(selectedIds, items), [selectedIds, items]);
  const isAllSelected = items.length > 0 && selected.size === items.length;
  const [pendingDelete, setPendingDelete] = useState<FileRecord[] | null>(null);

  const remove = useMutation({
    mutationFn: (targets: FileRecord[]) =>
      deleteFiles({
        files: targets.map((f) => ({
          file_id: f.file_id,
          filepath: f.filepath,
          source: f.source,
          embedded: f.embedded,
        })),
      }).then(() => targets),
    onSuccess: (targets) => {
      const ids = new Set(targets.map((f) => f.file_id));
      queryClient.setQueryData<FileRecord[]>(fileKeys.files, (list) => list?.filter((f) => !ids.has(f.file_id)));
      forgetTempFiles([...ids]);
      detachDeleted(ids);
      setSelected(new Set());
      showToast({ message: t('deleted', { count: ids.size }), status: 'success' });
    },
    onError: () => showToast({ message: t('delete_error'), status: 'error' }),
    onSettled: () => {
      setPendingDelete(null);
      void queryClient.invalidateQueries({ queryKey: fileKeys.files });
    },
  });

  const toggle = (id: string) =>
    setSelected(() => {
      const next = new Set(selected);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const sortHeader = (column: FileSortColumn, label: string, className?: string) => (
    <SortHeader
      label={label}
      isActive={sort.sortBy === column}
      direction={sort.sortDirection}
      onSort={() => sortBy(column)}
      className={className}
    />
  );

  return (
    <div className="flex h-[min(62dvh,580px)] flex-col gap-3" data-testid="my-files">
      <div className="flex items-center gap-2">
        <TableSearchField
          value={searchInput}
          onChange={setSearchInput}
          label={t('search')}
          className="min-w-0 flex-1"
          data-testid="my-files-search"
        />
        {selected.size > 0 ? (
          <Button
            variant="danger"
            size="sm"
            onClick={() => setPendingDelete(items.filter((f) => selected.has(f.file_id)))}
            data-testid="my-files-delete"
          >
            <Trash2 className="size-4" aria-hidden />
            {t('delete_selected')}
            <span className="rounded-full bg-white/20 px-1.5 text-xs tabular-nums">{selected.size}</span>
          </Button>
        ) : null}
      </div>
      {query.isError ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 rounded-xl border border-line text-sm text-fg-secondary">
          {t('load_error')}
          <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : (
        <VirtualTable
          items={items}
          getKey={(f) => f.file_id}
          columns={COLUMNS}
          narrowColumns={NARROW_COLUMNS}
          narrowHeaderColumns={NARROW_HEADER_COLUMNS}
          label={t('my_files')}
          testId="my-files-table"
          pages={{
            isPending: query.isPending,
            hasNextPage: false,
            isFetchingNextPage: false,
            fetchNextPage: () => Promise.resolve(),
          }}
          header={
            <>
              <div role="columnheader" className="flex items-center">
                <input
                  type="checkbox"
                  checked={isAllSelected}
                  ref={(el) => {
                    if (el) el.indeterminate = selected.size > 0 && !isAllSelected;
                  }}
                  disabled={items.length === 0}
                  onChange={() => setSelected(isAllSelected ? new Set() : new Set(items.map((f) => f.file_id)))}
                  aria-label={t('select_all')}
                  className="size-4 accent-[var(--accent)]"
                  data-testid="my-files-select-all"
                />
              </div>
              {sortHeader('filename', t('col_name'))}
              <div role="columnheader" className="max-md:hidden">
                {t('col_type')}
              </div>
              {sortHeader('bytes', t('col_size'), 'md:justify-self-end')}
              {sortHeader('createdAt', t('col_date'))}
            </>
          }
          empty={
            <p className="py-10 text-center text-sm text-fg-tertiary" data-testid="my-files-empty">
              {search || query.data?.length ? t('com_files_no_results') : t('no_files')}
            </p>
          }
          renderRow={(file) => {
            const kind = fileKind(file.type, file.filename);
            const date = formatTableDate(file.createdAt, i18n.language);
            return (
              <>
                <div role="cell" className="flex items-center">
                  <input
                    type="checkbox"
                    checked={selected.has(file.file_id)}
                    onChange={() => toggle(file.file_id)}
                    aria-label={t('select_file', { name: file.filename })}
                    className="size-4 accent-[var(--accent)]"
                    data-testid="my-files-select"
                  />
                </div>
                <div
                  role="cell"
                  className="flex min-w-0 items-center gap-2.5"
                  data-testid="my-files-row"
                  data-file-id={file.file_id}
                >
                  <FileThumb file={file} kind={kind} />
                  <div className="min-w-0">
                    <div className="truncate font-medium text-fg" title={file.filename} data-testid="my-files-name">
                      {file.filename}
                    </div>
                    <div className="truncate text-xs text-fg-tertiary md:hidden">
                      {t(`kind.${kind}`)} · {formatBytes(file.bytes)} · {date}
                    </div>
                  </div>
                </div>
                <div role="cell" className="truncate text-fg-secondary max-md:hidden" title={file.type}>
                  {t(`kind.${kind}`)}
                </div>
                <div role="cell" className="text-right text-fg-secondary tabular-nums max-md:hidden">
                  {formatBytes(file.bytes)}
                </div>
                <div role="cell" className="truncate text-fg-secondary tabular-nums max-md:hidden">
                  {date}
                </div>
              </>
            );
          }}
        />
      )}
      {query.data?.length ? (
        <p className="-mt-1 text-xs text-fg-tertiary" data-testid="my-files-count">
          {t('files_total', { count: query.data.length })} ·{' '}
          {formatBytes(query.data.reduce((sum, f) => sum + f.bytes, 0))}
        </p>
      ) : null}
      <ConfirmDialog
        isOpen={pendingDelete !== null}
        onOpenChange={(open) => {
          if (!open) setPendingDelete(null);
        }}
        title={t('delete_title', { count: pendingDelete?.length ?? 0 })}
        confirmLabel={t('delete_selected')}
        isPending={remove.isPending}
        onConfirm={() => pendingDelete && remove.mutate(pendingDelete)}
        testId="my-files-delete-dialog"
      >
        {pendingDelete?.length === 1 ? (
          <Trans
            t={t}
            i18nKey="delete_body_one"
            values={{ name: pendingDelete[0]?.filename ?? '' }}
            components={NAME_IN_SENTENCE}
          />
        ) : (
          t('delete_body_other', { count: pendingDelete?.length ?? 0 })
        )}
      </ConfirmDialog>
    </div>
  );
}

export function MyFilesDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(isOpen: boolean): void }) {
  const { t } = useTranslation('files');
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent title={t('my_files')} className="max-w-3xl" data-testid="my-files-dialog">
        <div className="px-6 pb-6">{isOpen ? <MyFilesManager /> : null}</div>
      </DialogContent>
    </Dialog>
  );
}
