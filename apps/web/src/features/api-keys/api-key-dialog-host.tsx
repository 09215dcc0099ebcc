import { useEffect } from 'react';
import { useEndpointsQuery } from '../chat/api/chat-queries';
import { getEndpointLabel } from '../model-selector/endpoint-meta';
import { ApiKeyDialog } from './api-key-dialog';
import { closeApiKeyDialog, registerApiKeyDialogHost, useApiKeyDialogStore } from './api-key-dialog-store';

/** The one API key dialog of the page, opened through `openApiKeyDialog(endpoint)`. */
export function ApiKeyDialogHost() {
  const endpoint = useApiKeyDialogStore((s) => s.endpoint);
  const endpoints = useEndpointsQuery();
  useEffect(registerApiKeyDialogHost, []);
  return (
    <ApiKeyDialog
      endpoint={endpoint}
      label={endpoint ? getEndpointLabel(endpoint, endpoints.data) : ''}
      config={endpoint ? endpoints.data?.[endpoint] : undefined}
      isOpen={!!endpoint}
      onOpenChange={(isOpen) => (isOpen ? undefined : closeApiKeyDialog())}
    />
  );
}
