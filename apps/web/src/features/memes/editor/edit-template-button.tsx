import { SPECIAL_CONVERSATION_IDS, type MemeTemplate } from '@confab/shared';
import { Pencil } from 'lucide-react';
import { useMemo, useRef, useState } from 'react';
import { DialogClose } from '../../../components/ui/dialog';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { sourceFromTemplate } from './editor-document';
import { LazyMemeEditor } from './lazy-meme-editor';

/**
 * The gallery's "Edit" on a template: opens the editor with its suggested boxes; the meme made
 * there is added at the end of the open conversation (so there is none in a new chat, where the
 * button is not shown: choosing the template starts one). Saved, the gallery closes too.
 */
export function EditTemplateButton({ template, onSaved }: { template: MemeTemplate; onSaved?: () => void }) {
  const { t, i18n } = useTranslation('meme-editor');
  const { conversationId } = useParams();
  const [isOpen, setIsOpen] = useState(false);
  // The gallery's own close, reached through its dialog: once the meme is saved, the conversation shows it.
  const closeGallery = useRef<HTMLButtonElement>(null);
  const hasConversation = !!conversationId && !Object.values<string>(SPECIAL_CONVERSATION_IDS).includes(conversationId);
  const source = useMemo(
    () =>
      sourceFromTemplate(
        { kind: 'template', conversationId: conversationId ?? '' },
        template,
        i18n.resolvedLanguage ?? 'en',
      ),
    [conversationId, template, i18n.resolvedLanguage],
  );
  if (!hasConversation) return null;
  return (
    <>
      <button
        type="button"
        onClick={() => setIsOpen(true)}
        aria-label={t('edit_template', { name: template.name })}
        aria-haspopup="dialog"
        // On the thumbnail's bottom corner (its top one holds the badge and the delete button).
        className="focus-ring absolute end-3 bottom-11 inline-flex h-8 items-center gap-1.5 rounded-full bg-black/65 px-2.5 text-xs font-medium text-white shadow-md backdrop-blur-sm transition-colors hover:bg-black/80"
        data-testid="meme-template-edit"
      >
        <Pencil className="size-3.5" aria-hidden />
        {t('edit')}
      </button>
      <DialogClose ref={closeGallery} hidden tabIndex={-1} aria-hidden />
      <LazyMemeEditor
        source={source}
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        onSaved={() => {
          onSaved?.();
          closeGallery.current?.click();
        }}
      />
    </>
  );
}
