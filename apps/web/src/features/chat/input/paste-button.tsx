import { ClipboardPaste } from 'lucide-react';
import type { RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { setComposerText } from './composer-store';

/** Whether the browser lets the page read the clipboard's text (the paste button needs it). */
export function hasClipboardRead(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.clipboard?.readText === 'function';
}

/**
 * Pastes the clipboard's text after the input's, for those without a keyboard shortcut at hand.
 * Shown while the text is empty (SPEC 2); `isHidden` fades it out but keeps its place, so the
 * toolbar does not shift under the user's thumb as typing starts.
 */
export function PasteButton({
  text,
  areaRef,
  isHidden,
}: {
  text: string;
  areaRef: RefObject<HTMLTextAreaElement | null>;
  isHidden: boolean;
}) {
  const { t } = useTranslation('chat');
  const pasteFromClipboard = async () => {
    try {
      const clip = await navigator.clipboard.readText();
      if (clip) setComposerText(text + clip);
      areaRef.current?.focus();
    } catch {
      // Permission refused: nothing to paste.
    }
  };
  return (
    <Tooltip content={t('input.paste')}>
      <button
        type="button"
        onClick={() => void pasteFromClipboard()}
        aria-label={t('input.paste')}
        // visibility: hidden also takes it out of the tab order and the accessibility tree.
        className={cn(
          'focus-ring flex size-9 items-center justify-center rounded-full text-fg-secondary transition-[color,background-color,opacity,visibility] hover:bg-surface-hover hover:text-fg',
          isHidden && 'invisible opacity-0',
        )}
        data-testid="paste-button"
      >
        <ClipboardPaste className="size-[18px]" aria-hidden />
      </button>
    </Tooltip>
  );
}
