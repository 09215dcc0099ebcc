import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/** A slot whose call failed: what went wrong, in the tool's own words (SPEC 4's "Error processing tool ..."). */
export function MemeSlotError({ message }: { message: string }) {
  const { t } = useTranslation('memes');
  return (
    <div
      className="flex aspect-[9/16] w-full flex-1 flex-col items-center justify-center gap-2 bg-danger-soft p-4 text-center"
      role="alert"
      data-testid="meme-slot-error"
    >
      <CircleAlert className="size-6 text-danger" aria-hidden />
      <p className="text-sm font-medium text-fg">{t('slot.failed')}</p>
      {message ? (
        <p className="scrollbar-thin max-h-[50%] overflow-auto text-xs break-words text-fg-secondary">{message}</p>
      ) : null}
    </div>
  );
}
