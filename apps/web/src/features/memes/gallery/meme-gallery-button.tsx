import { Sticker } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';
import { useAuthStore } from '../../auth/auth-store';
import { focusComposer, setComposerText, useComposerStore } from '../../chat/input/composer-store';
import { MemeGalleryDialog } from './meme-gallery-dialog';
import { composeTemplatePrompt } from './template-prompt';

/**
 * The composer's gallery button: opens the meme templates, and a choice starts the prompt
 * ("Make a meme with the … template (template:<id>) about ") in the message box.
 */
export function MemeGalleryButton() {
  const { t } = useTranslation('memes-gallery');
  const isSignedIn = useAuthStore((s) => s.user !== null);
  const [isOpen, setIsOpen] = useState(false);
  if (!isSignedIn) return null;
  return (
    <>
      <Tooltip content={t('open')}>
        <button
          type="button"
          onClick={() => setIsOpen(true)}
          aria-label={t('open')}
          aria-haspopup="dialog"
          className="focus-ring flex size-9 items-center justify-center rounded-full text-fg-secondary transition-colors hover:bg-surface-hover hover:text-fg"
          data-testid="meme-gallery-button"
        >
          <Sticker className="size-[18px]" aria-hidden />
        </button>
      </Tooltip>
      <MemeGalleryDialog
        isOpen={isOpen}
        onOpenChange={setIsOpen}
        onChoose={(template) => {
          setComposerText(composeTemplatePrompt(template, useComposerStore.getState().text));
          setIsOpen(false);
        }}
        onChosenClosed={focusComposer}
      />
    </>
  );
}
