import { TIMING, type Conversation } from '@confab/shared';
import { ArchiveRestore, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { IconButton } from '../../../components/ui/icon-button';
import { NAME_IN_SENTENCE } from '../../../components/ui/name-in-sentence';
import { ConfirmDialog } from '../confirm-dialog';
import { useConversationsInfiniteQuery } from '../conversation-queries';
import { DEFAULT_FILTERS, type ConversationFilters } from '../conversations-api';
import { NameDateActionsHeaders, useTableSort, VirtualTable } from '../table/virtual-table';
import { formatTableDate } from '../table/format-table-date';
import { useArchiveConversation, useDeleteConversation } from '../use-conversation-actions';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { TableSearchField } from '../../../components/ui/table-search-field';

const COLUMNS = 'minmax(0,1fr) 8rem 5.5rem';
// Small screens: the date sits under the name, which gets the row's width.
const NARROW_COLUMNS = 'minmax(0,1fr) 4.25rem';
const NARROW_HEADER_COLUMNS = 'auto minmax(0,1fr) 4.25rem';

/**
 * SPEC 2, Archived chats: name, created date and actions (unarchive, delete with a
 * confirmation), sortable, with a search filter; newest created first by default.
 */
export function ArchivedChatsTable() {
  const { t, i18n } = useTranslation('conversations');
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput.trim(), TIMING.tableSearchDebounceMs);
  const { sort, sortBy } = useTableSort<ConversationFilters['sortBy']>('createdAt');
  const filters = useMemo<ConversationFilters>(
    () => ({ ...DEFAULT_FILTERS, isArchived: true, search, ...sort }),
    [search, sort],
  );
  // SPEC 9: the archive list is always refetched when shown (stale 0).
  const query = useConversationsInfiniteQuery(filters, { staleTime: 0 });
  const items = useMemo(() => {
    const seen = new Set<string>();
    return (query.data?.pages.flatMap((p) => p.conversations) ?? []).filter((c) => {
      if (seen.has(c.conversationId)) return false;
      seen.add(c.conversationId);
      return true;
    });
  }, [query.data]);
  const archive = useArchiveConversation();
  const remove = useDeleteConversation();
  const [deleting, setDeleting] = useState<Conversation | null>(null);

  return (
    <div className="flex h-[min(60dvh,560px)] flex-col gap-3" data-testid="archived-chats">
      <TableSearchField
        value={searchInput}
        onChange={setSearchInput}
        label={t('archived_search')}
        data-testid="archived-search"
      />
      <VirtualTable
        items={items}
        getKey={(c) => c.conversationId}
        columns={COLUMNS}
        narrowColumns={NARROW_COLUMNS}
        narrowHeaderColumns={NARROW_HEADER_COLUMNS}
        label={t('archived_title')}
        testId="archived-table"
        pages={query}
        header={
          <>
            <NameDateActionsHeaders
              sort={sort}
              sortBy={sortBy}
              nameLabel={t('col_name')}
              dateLabel={t('col_created')}
              actionsLabel={t('col_actions')}
            />
          </>
        }
        empty={
          <p className="py-10 text-center text-sm text-fg-tertiary">
            {search ? t('archived_none_found') : t('archived_empty')}
          </p>
        }
        renderRow={(conversation) => (
          <>
            <div
              role="cell"
              className="truncate font-medium text-fg max-md:col-start-1 max-md:row-start-1"
              title={conversation.title}
              data-testid="archived-title"
            >
              {conversation.title || t('untitled')}
            </div>
            <div
              role="cell"
              className="truncate text-fg-secondary tabular-nums max-md:col-start-1 max-md:row-start-2 max-md:text-xs"
            >
              {formatTableDate(conversation.createdAt, i18n.language)}
            </div>
            <div
              role="cell"
              className="flex items-center justify-end gap-0.5 max-md:col-start-2 max-md:row-span-2 max-md:row-start-1"
            >
              <IconButton
                label={t('unarchive')}
                size="icon-sm"
                className="text-fg-secondary"
                onClick={() => archive.mutate({ conversationId: conversation.conversationId, isArchived: false })}
                data-testid="archived-unarchive"
              >
                <ArchiveRestore />
              </IconButton>
              <IconButton
                label={t('delete')}
                size="icon-sm"
                className="text-fg-secondary hover:text-danger"
                onClick={() => setDeleting(conversation)}
                data-testid="archived-delete"
              >
                <Trash2 />
              </IconButton>
            </div>
          </>
        )}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('delete_title')}
        confirmLabel={t('delete')}
        onConfirm={() => {
          if (deleting) remove(deleting);
          setDeleting(null);
        }}
        testId="delete-conversation-dialog"
      >
        <Trans t={t} i18nKey="delete_body" values={{ title: deleting?.title ?? '' }} components={NAME_IN_SENTENCE} />
      </ConfirmDialog>
    </div>
  );
}

export function ArchivedChatsDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
}) {
  const { t } = useTranslation('conversations');
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent title={t('archived_title')} className="max-w-2xl" data-testid="archived-chats-dialog">
        <div className="px-6 pb-6">{isOpen ? <ArchivedChatsTable /> : null}</div>
      </DialogContent>
    </Dialog>
  );
}
