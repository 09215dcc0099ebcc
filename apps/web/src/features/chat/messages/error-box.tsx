import { CircleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { isKeyErrorType, KeyErrorAction } from '../../api-keys/key-error-action';
import { TokenBalanceCard } from '../../balance/token-balance-card';
import { getErrorDisplay, parseModelError, readTokenBalanceError } from '../errors/model-error';
import { CONNECTION_ERROR } from '../stream/run-submission';

/** A reply's error, in words (SPEC 8); a key error offers the key dialog of its endpoint. */
export function ErrorBox({
  errorText,
  endpoint,
  messageId,
}: {
  errorText: string;
  endpoint?: string | null;
  messageId?: string;
}) {
  const { t } = useTranslation('chat');
  const tokenBalance = readTokenBalanceError(errorText);
  if (tokenBalance) return <TokenBalanceCard error={tokenBalance} messageId={messageId} />;
  const message =
    errorText === CONNECTION_ERROR
      ? t('stream.connect_error')
      : (() => {
          const display = getErrorDisplay(errorText);
          return t(display.key, display.values);
        })();
  const parsed = parseModelError(errorText);
  const keyEndpoint = typeof parsed.json?.endpoint === 'string' ? parsed.json.endpoint : endpoint;
  return (
    <div
      role="alert"
      className="mt-1 flex gap-2.5 rounded-xl border border-danger-line bg-danger-soft px-3.5 py-3 text-sm leading-relaxed text-fg"
      data-testid="message-error"
    >
      <CircleAlert className="mt-0.5 size-[18px] shrink-0 text-danger" aria-hidden />
      <div className="min-w-0 break-words">
        {message}
        {isKeyErrorType(parsed.type) && keyEndpoint ? (
          <div>
            <KeyErrorAction endpoint={keyEndpoint} />
          </div>
        ) : null}
      </div>
    </div>
  );
}
