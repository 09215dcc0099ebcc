import type { MemoryEntry } from '@confab/shared';
import { DEFAULT_MEMORY_CHAR_LIMIT } from '@confab/shared';
import { Plus } from 'lucide-react';
import { useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { NAME_IN_SENTENCE } from '../../components/ui/name-in-sentence';
import { Spinner } from '../../components/ui/spinner';
import { TableSearchField } from '../../components/ui/table-search-field';
import { showToast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { ConfirmDialog } from '../conversations/confirm-dialog';
import { DeleteAllMemoriesRow } from './delete-all-memories-row';
import { MemoriesEmptyState } from './memories-empty-state';
import { memoryErrorText } from './memory-errors';
import { MemoryForm } from './memory-form';
import { useDeleteMemory, useMemoriesQuery } from './memory-queries';
import { MemoryRow } from './memory-row';
import { filterMemories, MEMORY_SEARCH_FROM } from './memory-search';
import { MemoryUsageBar } from './memory-usage-bar';

/**
 * Settings → Personalization's list (issue 41): the user's memories with their usage, search
 * once there are many, add, edit in place, delete with Undo, and delete all.
 */
export function MemoriesSection({ canCreate, canUpdate }: { canCreate: boolean; canUpdate: boolean }) {
  const { t } = useTranslation('memories');
  const query = useMemoriesQuery();
  const remove = useDeleteMemory();
  const [isAdding, setIsAdding] = useState(false);
  const [editingKey, setEditingKey] = useState<string | null>(null);
  const [search, setSearch] = useState('');
  const [deleting, setDeleting] = useState<{ memory: MemoryEntry; index: number } | null>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const addRef = useRef<HTMLButtonElement>(null);
  const sectionRef = useRef<HTMLElement>(null);

  // Where focus goes once the control that had it is gone (a closed form, a deleted row).
  const focusRowAction = (key: string, action: 'memory-edit' | 'memory-delete') =>
    requestAnimationFrame(() => {
      const row = [...(listRef.current?.querySelectorAll<HTMLElement>('[data-testid="memory-row"]') ?? [])].find(
        (el) => el.dataset.key === key,
      );
      (row?.querySelector<HTMLElement>(`[data-testid="${action}"]`) ?? headingRef.current)?.focus();
    });

  if (query.isPending) {
    return (
      <div className="flex justify-center py-10 text-fg-tertiary">
        <Spinner label={t('title')} />
      </div>
    );
  }
  if (query.isError) {
    const isDisabled = query.error instanceof ApiError && query.error.status === 403;
    return (
      <Alert tone={isDisabled ? 'info' : 'error'} className="mt-4" testId="memories-error">
        {isDisabled ? (
          t('disabled')
        ) : (
          <>
            <span>{t('load_error')} </span>
            <Button variant="link" className="text-sm" onClick={() => void query.refetch()}>
              {t('retry')}
            </Button>
          </>
        )}
      </Alert>
    );
  }

  const { memories, charLimit = DEFAULT_MEMORY_CHAR_LIMIT, tokenLimit, totalTokens, usagePercentage } = query.data;
  const shown = filterMemories(memories, search);
  const hasSearch = memories.length >= MEMORY_SEARCH_FROM;

  // A confirmation, not an undo toast: Settings is a modal dialog, and a toast outside it can be
  // reached neither by Tab nor by a click (which would close Settings).
  const confirmDelete = () => {
    if (!deleting) return;
    const { memory, index } = deleting;
    // Focus moves to the row that takes its place, else the one before, else the heading.
    const next = shown[index + 1] ?? shown[index - 1];
    remove.mutate(memory, {
      onSuccess: () => {
        setDeleting(null);
        showToast({ message: t('deleted') });
        if (next) focusRowAction(next.key, 'memory-delete');
        else requestAnimationFrame(() => headingRef.current?.focus());
      },
      onError: (err) => {
        setDeleting(null);
        showToast({ message: `${t('delete_error')} ${memoryErrorText(err, t)}`, status: 'error' });
      },
    });
  };

  return (
    <section ref={sectionRef} aria-labelledby="memories-title" className="pt-4" data-testid="memories-section">
      <div className="flex items-center justify-between gap-3">
        <h3 id="memories-title" ref={headingRef} tabIndex={-1} className="text-sm font-medium text-fg outline-none">
          {t('title')}
          {memories.length ? (
            <span className="ms-2 text-[13px] font-normal text-fg-tertiary" data-testid="memories-count">
              {t('count', { count: memories.length })}
            </span>
          ) : null}
        </h3>
        {canCreate && memories.length > 0 ? (
          <Button
            ref={addRef}
            variant="outline"
            size="sm"
            onClick={() => setIsAdding(true)}
            disabled={isAdding}
            data-testid="memory-add"
          >
            <Plus className="size-4" aria-hidden />
            {t('add')}
          </Button>
        ) : null}
      </div>

      {tokenLimit && usagePercentage !== null && memories.length > 0 ? (
        <div className="mt-3">
          <MemoryUsageBar percent={usagePercentage} used={totalTokens} limit={tokenLimit} />
        </div>
      ) : null}

      {isAdding ? (
        <div className="mt-3 rounded-xl border border-line bg-surface-secondary p-3.5 sm:p-4 dark:border-line-strong dark:bg-surface">
          <MemoryForm
            charLimit={charLimit}
            onDone={(savedKey) => {
              setIsAdding(false);
              if (savedKey) {
                setSearch('');
                showToast({ message: t('saved') });
                focusRowAction(savedKey, 'memory-edit');
              } else
                requestAnimationFrame(() =>
                  // The header's Add button, or the empty state's.
                  (
                    addRef.current ?? sectionRef.current?.querySelector<HTMLElement>('[data-testid="memory-add"]')
                  )?.focus(),
                );
            }}
          />
        </div>
      ) : null}

      {memories.length === 0 ? (
        isAdding ? null : (
          <MemoriesEmptyState canCreate={canCreate} onAdd={() => setIsAdding(true)} />
        )
      ) : (
        <>
          {hasSearch ? (
            <div className="mt-3">
              <TableSearchField value={search} onChange={setSearch} label={t('search')} data-testid="memory-search" />
            </div>
          ) : null}
          {shown.length === 0 ? (
            <p className="py-6 text-center text-sm text-fg-tertiary" role="status">
              {t('no_match', { query: search.trim() })}
            </p>
          ) : (
            <ul
              ref={listRef}
              // In dark, dialogs are as light as `line`: the stronger line keeps the rows apart.
              className="mt-3 divide-y divide-line overflow-hidden rounded-xl border border-line dark:divide-line-strong dark:border-line-strong"
              aria-labelledby="memories-title"
              data-testid="memory-list"
            >
              {shown.map((memory, index) => (
                <MemoryRow
                  key={memory.key}
                  memory={memory}
                  charLimit={charLimit}
                  hasTokenLimit={!!tokenLimit}
                  isEditing={editingKey === memory.key}
                  canEdit={canUpdate}
                  isDeleting={remove.isPending && remove.variables?.key === memory.key}
                  onEdit={() => setEditingKey(memory.key)}
                  onEditDone={(savedKey) => {
                    setEditingKey(null);
                    focusRowAction(savedKey ?? memory.key, 'memory-edit');
                  }}
                  onDelete={() => setDeleting({ memory, index })}
                />
              ))}
            </ul>
          )}
          {canUpdate ? <DeleteAllMemoriesRow keys={memories.map((m) => m.key)} /> : null}
        </>
      )}
      <ConfirmDialog
        isOpen={deleting !== null}
        onOpenChange={(open) => (open ? undefined : setDeleting(null))}
        title={t('delete_title')}
        confirmLabel={t('delete_confirm')}
        isPending={remove.isPending}
        onConfirm={confirmDelete}
        testId="memory-delete-dialog"
      >
        <Trans t={t} i18nKey="delete_body" values={{ key: deleting?.memory.key ?? '' }} components={NAME_IN_SENTENCE} />
      </ConfirmDialog>
    </section>
  );
}
