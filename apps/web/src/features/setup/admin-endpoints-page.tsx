import type { AdminEndpointView } from '@confab/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { showToast } from '../../components/ui/toast-store';
import { useDocumentTitle } from '../config/use-document-title';
import { ConfirmDialog } from '../conversations/confirm-dialog';
import { AdminOnly } from './admin-only';
import { EndpointCard } from './endpoint-card';
import { EndpointDialog } from './endpoint-dialog';
import { endpointDisplayName } from './endpoint-name';
import { LocalModelsSection } from './local-models-section';
import { LocalServersSection } from './local-servers-section';
import { deleteEndpoint } from './setup-api';
import { refreshEndpointQueries, useAdminEndpoints } from './setup-queries';

type Editing = { mode: 'add' } | { mode: 'edit'; endpoint: AdminEndpointView } | null;

function EndpointsScreen() {
  const { t } = useTranslation('setup');
  const queryClient = useQueryClient();
  const endpoints = useAdminEndpoints();
  const [editing, setEditing] = useState<Editing>(null);
  const [removing, setRemoving] = useState<AdminEndpointView | null>(null);
  useDocumentTitle(t('admin_title'));

  const remove = useMutation({
    mutationFn: (endpoint: AdminEndpointView) => deleteEndpoint(endpoint.id ?? ''),
    onSuccess: async (_, endpoint) => {
      setRemoving(null);
      await refreshEndpointQueries(queryClient);
      showToast({ message: t('endpoint_removed', { name: endpointDisplayName(endpoint, t) }) });
    },
    onError: (error) => showToast({ message: error.message, status: 'error' }),
  });

  return (
    <div
      className="mx-auto flex w-full max-w-3xl flex-col gap-5 px-4 pt-6 pb-16 sm:px-6 sm:pt-8"
      data-testid="admin-endpoints-page"
    >
      <header className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="min-w-0 flex-1">
          <h1 className="text-xl font-semibold tracking-tight text-fg">{t('admin_title')}</h1>
          <p className="mt-1 max-w-xl text-sm text-fg-secondary">{t('admin_description')}</p>
        </div>
        <Button
          onClick={() => setEditing({ mode: 'add' })}
          className="self-start sm:self-auto"
          data-testid="admin-endpoint-add"
        >
          <Plus className="size-4" aria-hidden />
          {t('add_endpoint')}
        </Button>
      </header>

      {endpoints.isPending ? (
        <div className="flex flex-col gap-3" aria-hidden>
          {[0, 1].map((i) => (
            <div key={i} className="h-28 animate-pulse rounded-2xl bg-surface-tertiary/70" />
          ))}
        </div>
      ) : endpoints.isError ? (
        <div className="flex flex-col items-center py-12 text-center">
          <p className="text-[15px] text-fg-secondary">{t('load_failed')}</p>
          <Button variant="outline" className="mt-4" onClick={() => void endpoints.refetch()}>
            {t('retry')}
          </Button>
        </div>
      ) : endpoints.data.length === 0 ? (
        <div
          className="rounded-2xl border border-dashed border-line-strong px-6 py-10 text-center"
          data-testid="admin-endpoints-empty"
        >
          <h2 className="text-base font-semibold text-fg">{t('admin_empty_title')}</h2>
          <p className="mx-auto mt-1 max-w-sm text-sm text-fg-secondary">{t('admin_empty_body')}</p>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('admin_title')}>
          {endpoints.data.map((endpoint) => (
            <EndpointCard
              key={endpoint.id ?? `${endpoint.source}:${endpoint.name}`}
              endpoint={endpoint}
              onEdit={() => setEditing({ mode: 'edit', endpoint })}
              onRemove={() => setRemoving(endpoint)}
            />
          ))}
        </ul>
      )}

      <LocalServersSection />
      <LocalModelsSection />

      <EndpointDialog
        isOpen={editing !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setEditing(null))}
        saved={editing?.mode === 'edit' ? editing.endpoint : undefined}
      />
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(isOpen) => (isOpen ? undefined : setRemoving(null))}
        title={t('remove_title', { name: removing ? endpointDisplayName(removing, t) : '' })}
        confirmLabel={t('remove')}
        onConfirm={() => removing && remove.mutate(removing)}
        isPending={remove.isPending}
        testId="admin-endpoint-remove-dialog"
      >
        {t('remove_body')}
      </ConfirmDialog>
    </div>
  );
}

/** /admin/endpoints: every endpoint chats can use, and those added here to edit or remove. */
export function AdminEndpointsPage() {
  return (
    <AdminOnly>
      <EndpointsScreen />
    </AdminOnly>
  );
}
