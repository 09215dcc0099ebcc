import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';

/**
 * A slot whose call failed: one sentence a person can read, and the tool's own words (SPEC 4's
 * "Error processing tool …", often a schema error meant for the model) behind a disclosure.
 */
export function MemeSlotError({ message }: { message: string }) {
  const { t } = useTranslation('memes');
  const details = message.trim();
  return (
    <div
      className="flex aspect-[9/16] w-full flex-1 flex-col items-center justify-center gap-2 bg-danger-soft p-3 text-center"
      role="alert"
      data-testid="meme-slot-error"
    >
      <CircleAlert className="size-6 shrink-0 text-danger" aria-hidden />
      <p className="text-sm leading-snug font-medium text-fg" data-testid="meme-slot-error-summary">
        {t('slot.failed')}
      </p>
      {details ? (
        <details className="w-full text-start" data-testid="meme-slot-error-details">
          <summary className="focus-ring mx-auto w-fit cursor-pointer rounded-md px-1.5 py-0.5 text-[13px] text-fg-secondary underline underline-offset-2 hover:text-fg">
            {t('slot.failed_details')}
          </summary>
          <pre className="scrollbar-thin mt-2 max-h-40 overflow-auto rounded-lg border border-line bg-surface p-2 font-mono text-xs leading-relaxed break-words whitespace-pre-wrap text-fg-secondary">
            {details}
          </pre>
        </details>
      ) : null}
    </div>
  );
}
