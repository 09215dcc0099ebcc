import type { MemeTemplate } from '@confab/shared';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useMemeTemplates } from './use-meme-templates';

export interface MemeGalleryDialogProps {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  onChoose(template: MemeTemplate): void;
  /** Runs once the dialog has closed after a choice, instead of returning focus to its opener. */
  onChosenClosed(): void;
}

/**
 * The meme template gallery: the project's own pictures as a grid of portrait thumbnails.
 * Choosing one closes the dialog; the caller starts the prompt in the composer.
 */
export function MemeGalleryDialog({ isOpen, onOpenChange, onChoose, onChosenClosed }: MemeGalleryDialogProps) {
  const { t } = useTranslation('memes-gallery');
  const templates = useMemeTemplates(isOpen);
  const hasChosen = useRef(false);

  return (
    <Dialog open={isOpen} onOpenChange={onOpenChange}>
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
        <div className="scrollbar-thin max-h-[min(70dvh,640px)] overflow-y-auto px-4 pt-1 pb-5 sm:px-6 sm:pb-6">
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
          ) : (
            <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 md:grid-cols-4">
              {templates.data.map((template) => (
                <li key={template.id}>
                  <button
                    type="button"
                    onClick={() => {
                      hasChosen.current = true;
                      onChoose(template);
                    }}
                    title={template.description}
                    aria-label={t('choose', { name: template.name })}
                    className="group focus-ring flex w-full flex-col gap-2 rounded-xl p-1.5 text-start transition-colors hover:bg-surface-hover"
                    data-testid="meme-template"
                    data-template={template.id}
                  >
                    <span className="block aspect-[9/16] w-full overflow-hidden rounded-lg border border-line bg-surface-secondary">
                      <img
                        // The server's 270×480 version: a tenth of the bytes of the full picture.
                        src={`${template.url}?thumb=1`}
                        alt=""
                        width={270}
                        height={480}
                        loading="lazy"
                        decoding="async"
                        className="size-full object-cover transition-transform duration-200 group-hover:scale-[1.03] motion-reduce:transition-none motion-reduce:group-hover:scale-100"
                      />
                    </span>
                    <span className="truncate px-0.5 text-sm font-medium text-fg">{template.name}</span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      </DialogContent>
    </Dialog>
  );
}
