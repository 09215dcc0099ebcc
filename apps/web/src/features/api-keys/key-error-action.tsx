import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { openApiKeyDialog, useApiKeyDialogStore } from './api-key-dialog-store';

/** SPEC 8 key errors that the user fixes by entering their key. */
export const KEY_ERROR_TYPES = ['no_user_key', 'expired_user_key', 'invalid_user_key', 'no_base_url'] as const;

export function isKeyErrorType(type: string | null): boolean {
  return !!type && (KEY_ERROR_TYPES as readonly string[]).includes(type);
}

/** Under a no_user_key / expired_user_key / invalid_user_key error: opens the key dialog. */
export function KeyErrorAction({ endpoint }: { endpoint: string }) {
  const { t } = useTranslation('endpoints');
  const hasHost = useApiKeyDialogStore((s) => s.hostCount > 0);
  if (!hasHost) return null;
  return (
    <button
      type="button"
      onClick={() => openApiKeyDialog(endpoint)}
      className="focus-ring mt-2.5 inline-flex h-8 items-center gap-1.5 rounded-lg border border-line bg-surface px-3 text-[13px] font-medium text-fg transition-colors hover:bg-surface-hover"
      data-testid="key-error-action"
    >
      <KeyRound className="size-3.5" aria-hidden />
      {t('keys.set_key')}
    </button>
  );
}
