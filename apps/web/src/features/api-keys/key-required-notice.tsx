import { KeyRound } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import type { EndpointsConfig } from '../chat/api/chat-api';
import { getEndpointLabel } from '../model-selector/endpoint-meta';
import { openApiKeyDialog } from './api-key-dialog-store';
import type { EndpointKeyState } from './use-endpoint-key';

/**
 * Above the input while the selected endpoint needs the user's key (SPEC 4: sending is
 * disabled until it is given): says so and opens the key dialog.
 */
export function KeyRequiredNotice({
  endpoint,
  endpoints,
  keyState,
}: {
  endpoint: string | null;
  endpoints: EndpointsConfig | undefined;
  keyState: EndpointKeyState;
}) {
  const { t } = useTranslation('endpoints');
  if (!endpoint || !keyState.needsKey || keyState.isLoading || !keyState.isBlocked) return null;
  const label = getEndpointLabel(endpoint, endpoints);
  const isExpired = keyState.state.kind === 'expired';
  return (
    <div
      className="mb-2 flex animate-fade-in items-center gap-3 rounded-2xl border border-line bg-surface-secondary px-3.5 py-2.5 dark:bg-surface-tertiary/60"
      role="status"
      data-testid="key-required"
    >
      <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-accent-soft text-accent">
        <KeyRound className="size-4" aria-hidden />
      </span>
      <p className="min-w-0 flex-1 text-sm text-fg-secondary">
        {isExpired ? t('keys.notice_expired', { endpoint: label }) : t('keys.notice_missing', { endpoint: label })}
      </p>
      <Button size="sm" onClick={() => openApiKeyDialog(endpoint)} data-testid="key-required-set">
        {isExpired ? t('keys.update_key') : t('keys.set_key')}
      </Button>
    </div>
  );
}
