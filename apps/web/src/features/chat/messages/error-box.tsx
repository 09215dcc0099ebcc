import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { getErrorDisplay } from '../errors/model-error';
import { CONNECTION_ERROR } from '../stream/run-submission';

/** A reply's error, in words (SPEC 8). */
export function ErrorBox({ errorText }: { errorText: string }) {
  const { t } = useTranslation('chat');
  const message =
    errorText === CONNECTION_ERROR
      ? t('stream.connect_error')
      : (() => {
          const display = getErrorDisplay(errorText);
          return t(display.key, display.values);
        })();
  return (
    <div
      role="alert"
      className="mt-1 flex gap-2.5 rounded-xl border border-danger-line bg-danger-soft px-3.5 py-3 text-sm leading-relaxed text-fg"
      data-testid="message-error"
    >
      <CircleAlert className="mt-0.5 size-[18px] shrink-0 text-danger" aria-hidden />
      <div className="min-w-0 break-words">{message}</div>
    </div>
  );
}
