import { lazy, Suspense, useEffect, useState } from 'react';
import { useEndpointsQuery } from '../chat/api/chat-queries';
import { getEndpointLabel } from '../model-selector/endpoint-meta';
import { closeApiKeyDialog, registerApiKeyDialogHost, useApiKeyDialogStore } from './api-key-dialog-store';

// The dialog's code loads when it first opens; it then stays mounted so closing still animates.
const ApiKeyDialog = lazy(async () => ({ default: (await import('./api-key-dialog')).ApiKeyDialog }));

/** The one API key dialog of the page, opened through `openApiKeyDialog(endpoint)`. */
export function ApiKeyDialogHost() {
  const endpoint = useApiKeyDialogStore((s) => s.endpoint);
  const endpoints = useEndpointsQuery();
  useEffect(registerApiKeyDialogHost, []);
  const [hasOpened, setHasOpened] = useState(false);
  if (endpoint && !hasOpened) setHasOpened(true);
  if (!hasOpened) return null;
  return (
    <Suspense fallback={null}>
      <ApiKeyDialog
        endpoint={endpoint}
        label={endpoint ? getEndpointLabel(endpoint, endpoints.data) : ''}
        config={endpoint ? endpoints.data?.[endpoint] : undefined}
        isOpen={!!endpoint}
        onOpenChange={(isOpen) => (isOpen ? undefined : closeApiKeyDialog())}
      />
    </Suspense>
  );
}
