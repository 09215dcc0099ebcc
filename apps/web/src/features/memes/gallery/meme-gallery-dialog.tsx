import type { MemeTemplate } from '@confab/shared';
import { ImagePlus } from 'lucide-react';
import { useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { InlineSearchField } from '../../../components/ui/inline-search-field';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast-store';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { useAuthStore } from '../../auth/auth-store';
import { AddTemplateForm } from './add-template-form';
import { TemplateCard } from './template-card';
import { useDeleteTemplate, useMemeTemplates } from './use-meme-templates';

export interface MemeGalleryDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  onChoose(template: MemeTemplate): void;
  /** Runs once the dialog has closed after a choice, instead of returning focus to its opener. */
  onChosenClosed(): void;
}

/** A search runs once typing pauses this long. */
const SEARCH_DEBOUNCE_MS = 300;
const PICTURE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';

/**
 * The meme template gallery: the project's own pictures, the administrators' and the user's own
 * as a grid of portrait thumbnails, searched by words or meaning, with "Add your own". Choosing
 * one closes the dialog; the caller starts the prompt in the composer.
 */
export function MemeGalleryDialog({ isOpen, onOpenChange, onChoose, onChosenClosed }: MemeGalleryDialogProps) {
  const { t } = useTranslation('memes-gallery');
  const isAdmin = useAuthStore((s) => s.user?.role === 'ADMIN');
  const [search, setSearch] = useState('');
  const query = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const templates = useMemeTemplates(isOpen, query);
  const remove = useDeleteTemplate();
  const [newPicture, setNewPicture] = useState<File>();
  const fileInput = useRef<HTMLInputElement>(null);
  const hasChosen = useRef(false);

  const pickPicture = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // The same picture chosen again must fire a change too.
    event.target.value = '';
    if (file) setNewPicture(file);
  };

  const deleteTemplate = (template: MemeTemplate) =>
    remove.mutate(template.id, {
      onSuccess: () => showToast({ message: t('deleted', { name: template.name }) }),
      onError: () => showToast({ message: t('delete_failed'), status: 'error' }),
    });

  return (
    <Dialog
      open={isOpen}
      onOpenChange={(open) => {
        if (!open) setNewPicture(undefined);
        onOpenChange(open);
      }}
    >
      <DialogContent
        title={t('title')}
        description={t('description')}
        className="max-w-3xl"
        onCloseAutoFocus={(event) => {
          if (!hasChosen.current) return;
          hasChosen.current = false;
          // Focus goes to the message box, where the prompt waits for its subject.
          event.preventDefault();
          onChosenClosed();
        }}
        data-testid="meme-gallery"
      >
        <div className="flex items-center gap-2 px-4 pb-3 sm:px-6">
          {/* A border: the field's own fill is the dialog's in the dark theme. */}
          <div className="min-w-0 flex-1 rounded-lg border border-line">
            <InlineSearchField
              value={search}
              onChange={setSearch}
              label={t('search')}
              data-testid="meme-gallery-search"
            />
          </div>
          <Button
            variant="outline"
            size="sm"
            className="h-9 max-sm:w-9 max-sm:px-0"
            onClick={() => fileInput.current?.click()}
            data-testid="meme-template-add"
          >
            <ImagePlus className="size-4" aria-hidden />
            {/* On a phone the icon alone leaves the search its room; the name stays for screen readers. */}
            <span className="sr-only sm:not-sr-only">{t('add_own')}</span>
          </Button>
          <input
            ref={fileInput}
            type="file"
            accept={PICTURE_TYPES}
            className="hidden"
            onChange={pickPicture}
            data-testid="meme-template-file"
          />
        </div>
        <div className="scrollbar-thin max-h-[min(70dvh,640px)] overflow-y-auto px-4 pt-1 pb-5 sm:px-6 sm:pb-6">
          {newPicture ? (
            <AddTemplateForm
              key={`${newPicture.name}-${newPicture.lastModified}`}
              picture={{ kind: 'upload', file: newPicture }}
              isAdmin={isAdmin}
              onCancel={() => setNewPicture(undefined)}
              onAdded={(template) => {
                setNewPicture(undefined);
                setSearch('');
                showToast({ message: t('added', { name: template.name }) });
              }}
            />
          ) : null}
          {templates.isPending ? (
            <div className="flex justify-center py-12">
              <Spinner className="text-fg-tertiary" label={t('loading')} />
            </div>
          ) : templates.isError ? (
            <div className="flex flex-col items-center gap-3 py-12 text-center">
              <p className="text-sm text-fg-secondary">{t('load_failed')}</p>
              <Button variant="outline" size="sm" onClick={() => void templates.refetch()}>
                {t('retry')}
              </Button>
            </div>
          ) : templates.data.length === 0 ? (
            <p className="py-12 text-center text-sm text-fg-secondary" role="status" data-testid="meme-gallery-empty">
              {t('no_results', { query })}
            </p>
          ) : (
            <ul
              className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4"
              aria-busy={templates.isPlaceholderData || undefined}
              aria-label={query ? t('results', { query }) : undefined}
            >
              {templates.data.map((template) => (
                <TemplateCard
                  key={template.id}
                  template={template}
                  onChoose={() => {
                    hasChosen.current = true;
                    onChoose(template);
                  }}
                  onDelete={
                    template.scope === 'personal' || (template.scope === 'global' && isAdmin)
                      ? () => deleteTemplate(template)
                      : undefined
                  }
                  isDeleting={remove.isPending && remove.variables === template.id}
                />
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
