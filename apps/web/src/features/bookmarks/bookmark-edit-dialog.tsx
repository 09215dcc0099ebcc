import { TEXT_LIMITS } from '@confab/shared';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { TextField } from '../../components/ui/text-field';
import { showToast } from '../../components/ui/toast-store';
import { cn } from '../../lib/cn';
import { isUnchanged, validateBookmark, type BookmarkFieldError } from './bookmark-rules';
import type { ConversationTag } from './bookmarks-api';
import { useSaveBookmark, useTagsQuery } from './use-bookmarks';

export interface BookmarkEditDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  /** The bookmark being edited; none to create one. */
  original?: ConversationTag | null;
  /** Creating from a conversation: offers to add the new bookmark to it. */
  conversationId?: string | null;
}

/** Create or edit a bookmark (SPEC 5): tag required, unique, ≤ 128; description ≤ 1048. */
export function BookmarkEditDialog({ isOpen, onOpenChange, original, conversationId }: BookmarkEditDialogProps) {
  const { t } = useTranslation('bookmarks');
  const tags = useTagsQuery(isOpen);
  const save = useSaveBookmark();
  const descriptionId = useId();
  const tagInputRef = useRef<HTMLInputElement>(null);
  const [tag, setTag] = useState('');
  const [description, setDescription] = useState('');
  const [addToConversation, setAddToConversation] = useState(true);
  const [isSubmitted, setIsSubmitted] = useState(false);

  useEffect(() => {
    if (!isOpen) return;
    setTag(original?.tag ?? '');
    setDescription(original?.description ?? '');
    setAddToConversation(true);
    setIsSubmitted(false);
  }, [isOpen, original]);

  const errors = validateBookmark({ tag, description }, tags.data ?? [], original?.tag);
  const messageOf = (error: BookmarkFieldError | undefined) =>
    error
      ? t(`errors.${error}`, {
          max: error === 'description_too_long' ? TEXT_LIMITS.tagDescriptionMax : TEXT_LIMITS.tagMax,
        })
      : undefined;
  // "Required" waits for a submit; the other rules show while typing.
  const tagError = errors.tag === 'tag_required' && !isSubmitted ? undefined : messageOf(errors.tag);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setIsSubmitted(true);
    const draft = { tag: tag.trim(), description: description.trim() };
    if (isUnchanged(draft, original ?? undefined)) {
      onOpenChange(false);
      return;
    }
    if (errors.tag === 'tag_not_unique' && !original) {
      showToast({ message: t('exists'), status: 'warning' });
      return;
    }
    if (errors.tag || errors.description) return;
    save.mutate(
      { ...(original ? { original } : {}), ...draft, ...(conversationId ? { conversationId, addToConversation } : {}) },
      { onSuccess: () => onOpenChange(false) },
    );
  };

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
      <DialogContent
        title={original ? t('edit_title') : t('create_title')}
        className="max-w-md"
        data-testid="bookmark-edit-dialog"
        // Not `autoFocus`: opened over the bookmarks manager, that dialog's focus trap took the
        // focus back before this one had mounted its own.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          tagInputRef.current?.focus();
        }}
      >
        <form onSubmit={submit} className="flex flex-col gap-4 px-6 pb-6" noValidate>
          <TextField
            label={t('tag_label')}
            value={tag}
            onChange={(e) => setTag(e.target.value)}
            error={tagError}
            maxLength={TEXT_LIMITS.tagMax + 20}
            ref={tagInputRef}
            autoComplete="off"
            data-testid="bookmark-tag-input"
          />
          <div>
            <label htmlFor={descriptionId} className="mb-1.5 block text-sm font-medium text-fg">
              {t('description_label')}
            </label>
            <textarea
              id={descriptionId}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              rows={3}
              placeholder={t('description_placeholder')}
              className={cn(
                'block w-full resize-none rounded-xl border bg-surface px-3.5 py-2.5 text-[15px] text-fg outline-none placeholder:text-fg-tertiary focus:border-accent focus:ring-3 focus:ring-accent/20',
                errors.description ? 'border-danger' : 'border-line-control',
              )}
              aria-invalid={!!errors.description || undefined}
              data-testid="bookmark-description-input"
            />
            <div className="mt-1 flex justify-between text-[13px]">
              <span className="text-danger" role={errors.description ? 'alert' : undefined}>
                {messageOf(errors.description)}
              </span>
              <span className={cn('tabular-nums text-fg-tertiary', errors.description && 'text-danger')}>
                {description.length}/{TEXT_LIMITS.tagDescriptionMax}
              </span>
            </div>
          </div>
          {conversationId && !original ? (
            <label className="flex cursor-pointer items-center gap-2.5 text-sm text-fg select-none">
              <input
                type="checkbox"
                checked={addToConversation}
                onChange={(e) => setAddToConversation(e.target.checked)}
                className="size-4 rounded border-line-strong accent-[var(--accent)]"
                data-testid="bookmark-add-to-conversation"
              />
              {t('add_to_conversation')}
            </label>
          ) : null}
          <div className="mt-2 flex justify-end gap-2">
            <Button variant="outline" onClick={() => onOpenChange(false)}>
              {t('cancel')}
            </Button>
            <Button type="submit" isLoading={save.isPending} data-testid="bookmark-save">
              {t('save')}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}
