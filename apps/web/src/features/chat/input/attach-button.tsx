import { Paperclip } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Tooltip } from '../../../components/ui/tooltip';

/**
 * The paperclip: opens the file chooser (several files at once). Disabled, with the reason as its
 * tooltip, where the endpoint's files are off or the inputs are disabled (SPEC 6).
 */
export function AttachButton({
  disabledReason,
  onFiles,
}: {
  /** Why files cannot be attached now; null when they can. */
  disabledReason: string | null;
  onFiles: (files: File[]) => void;
}) {
  const { t } = useTranslation('files');
  const inputRef = useRef<HTMLInputElement>(null);
  const isDisabled = disabledReason !== null;
  return (
    <>
      <Tooltip content={disabledReason ?? t('attach')}>
        {/* aria-disabled, not disabled: a disabled button gets no hover, so its tooltip could not
            say why. */}
        <button
          type="button"
          onClick={() => {
            if (!isDisabled) inputRef.current?.click();
          }}
          aria-label={t('attach')}
          aria-disabled={isDisabled || undefined}
          className="focus-ring flex size-9 items-center justify-center rounded-full text-fg-secondary transition-colors hover:bg-surface-hover hover:text-fg aria-disabled:cursor-not-allowed aria-disabled:opacity-40 aria-disabled:hover:bg-transparent aria-disabled:hover:text-fg-secondary"
          data-testid="attach-button"
        >
          <Paperclip className="size-[18px]" aria-hidden />
        </button>
      </Tooltip>
      <input
        ref={inputRef}
        type="file"
        multiple
        tabIndex={-1}
        className="hidden"
        onChange={(e) => {
          const files = [...(e.target.files ?? [])];
          // Cleared so choosing the same file again fires a change.
          e.target.value = '';
          if (files.length) onFiles(files);
        }}
        data-testid="file-input"
      />
    </>
  );
}
