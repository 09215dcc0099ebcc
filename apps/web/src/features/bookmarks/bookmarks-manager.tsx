import { GripVertical, Pencil, Plus, Trash2 } from 'lucide-react';
import { useState, type DragEvent, type KeyboardEvent } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { IconButton } from '../../components/ui/icon-button';
import { NAME_IN_SENTENCE } from '../../components/ui/name-in-sentence';
import { Spinner } from '../../components/ui/spinner';
import { cn } from '../../lib/cn';
import { ConfirmDialog } from '../conversations/confirm-dialog';
import { moveItem } from './bookmark-rules';
import { BookmarkEditDialog } from './bookmark-edit-dialog';
import type { ConversationTag } from './bookmarks-api';
import { useDeleteBookmark, useReorderBookmarks, useTagsQuery } from './use-bookmarks';

/** Every bookmark with its count: edit, delete, and drag (or arrow keys on the grip) to reorder. */
export function BookmarksManager() {
  const { t } = useTranslation('bookmarks');
  const tags = useTagsQuery();
  const reorder = useReorderBookmarks();
  const remove = useDeleteBookmark();
  const [editing, setEditing] = useState<ConversationTag | null>(null);
  const [isCreating, setIsCreating] = useState(false);
  const [deleting, setDeleting] = useState<ConversationTag | null>(null);
  const [dragIndex, setDragIndex] = useState<number | null>(null);
  const [overIndex, setOverIndex] = useState<number | null>(null);
  const list = tags.data ?? [];

  const move = (from: number, to: number) => {
    const item = list[from];
    if (!item || to < 0 || to >= list.length || from === to) return;
    reorder.mutate({ tag: item.tag, position: to, order: moveItem(list, from, to) });
  };
  const onDrop = (event: DragEvent, to: number) => {
    event.preventDefault();
    if (dragIndex !== null) move(dragIndex, to);
    setDragIndex(null);
    setOverIndex(null);
  };
  const onHandleKey = (event: KeyboardEvent, index: number) => {
    if (event.key === 'ArrowUp' || event.key === 'ArrowDown') {
      event.preventDefault();
      move(index, index + (event.key === 'ArrowUp' ? -1 : 1));
    }
  };

  return (
    <div data-testid="bookmarks-manager">
      <div className="mb-3 flex items-center justify-between gap-3">
        <p className="text-sm text-fg-secondary">{t('manager_hint')}</p>
        <Button size="sm" variant="outline" onClick={() => setIsCreating(true)} data-testid="bookmarks-manager-new">
          <Plus className="size-4" aria-hidden />
          {t('new_bookmark')}
        </Button>
      </div>
      {tags.isPending ? (
        <div className="flex justify-center py-8 text-fg-tertiary">
          <Spinner />
        </div>
      ) : list.length === 0 ? (
        <p className="rounded-xl border border-dashed border-line py-8 text-center text-sm text-fg-tertiary">
          {t('empty')}
        </p>
      ) : (
        <ul className="overflow-hidden rounded-xl border border-line" aria-label={t('bookmarks')}>
          {list.map((item, index) => (
            <li
              key={item.tag}
              draggable
              onDragStart={(e) => {
                setDragIndex(index);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', item.tag);
              }}
              onDragOver={(e) => {
                e.preventDefault();
                setOverIndex(index);
              }}
              onDragEnd={() => {
                setDragIndex(null);
                setOverIndex(null);
              }}
              onDrop={(e) => onDrop(e, index)}
              className={cn(
                'group flex h-14 items-center gap-2 border-b border-line bg-surface pr-2 pl-1 last:border-b-0',
                dragIndex === index && 'opacity-50',
                overIndex === index && dragIndex !== null && dragIndex !== index && 'bg-accent-soft',
              )}
              data-testid="bookmark-row"
              data-tag={item.tag}
            >
              <button
                type="button"
                className="focus-ring flex size-8 shrink-0 cursor-grab items-center justify-center rounded-md text-fg-tertiary hover:text-fg active:cursor-grabbing"
                aria-label={t('reorder', { tag: item.tag })}
                onKeyDown={(e) => onHandleKey(e, index)}
              >
                <GripVertical className="size-4" aria-hidden />
              </button>
              <div className="min-w-0 flex-1">
                <p className="truncate text-sm font-medium text-fg">{item.tag}</p>
                {item.description ? <p className="truncate text-xs text-fg-tertiary">{item.description}</p> : null}
              </div>
              <span className="w-16 shrink-0 text-right text-xs text-fg-tertiary tabular-nums">
                {t('count', { count: item.count ?? 0 })}
              </span>
              <IconButton
                label={t('edit')}
                size="icon-sm"
                onClick={() => setEditing(item)}
                className="text-fg-secondary"
                data-testid="bookmark-edit"
              >
                <Pencil />
              </IconButton>
              <IconButton
                label={t('delete')}
                size="icon-sm"
                onClick={() => setDeleting(item)}
                className="text-fg-secondary hover:text-danger"
                data-testid="bookmark-delete"
              >
                <Trash2 />
              </IconButton>
            </li>
          ))}
        </ul>
      )}
      <BookmarkEditDialog
        isOpen={isCreating || editing !== null}
        onOpenChange={(open) => {
          if (open) return;
          setEditing(null);
          setIsCreating(false);
        }}
        original={editing}
      />
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => {
          if (!open) setDeleting(null);
        }}
        title={t('delete_title')}
        confirmLabel={t('delete')}
        isPending={remove.isPending}
        onConfirm={() => deleting && remove.mutate(deleting.tag, { onSettled: () => setDeleting(null) })}
        testId="bookmark-delete-dialog"
      >
        <Trans
          t={t}
          i18nKey="delete_body"
          values={{ tag: deleting?.tag ?? '' }}
          components={NAME_IN_SENTENCE}
        />
      </ConfirmDialog>
    </div>
  );
}

export function BookmarksManagerDialog({
  isOpen,
  onOpenChange,
}: {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
}) {
  const { t } = useTranslation('bookmarks');
  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent title={t('manager_title')} className="max-w-xl" data-testid="bookmarks-manager-dialog">
        <div className="scrollbar-thin overflow-y-auto px-6 pb-6">
          <BookmarksManager />
        </div>
      </DialogContent>
    </Dialog>
  );
}
