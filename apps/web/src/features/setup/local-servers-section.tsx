import type { AdminEndpointView, DetectedLocalServer } from '@confab/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, RefreshCw, Server } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { showToast } from '../../components/ui/toast-store';
import { createEndpoint, rescanLocalServers } from './setup-api';
import { refreshEndpointQueries, setupKeys, useLocalServers } from './setup-queries';
import { SetupSection } from './setup-section';

/**
 * "Found on this computer": model servers (Ollama, LM Studio, llama.cpp, vLLM) the server found
 * on localhost, each added in one click as an OpenAI-compatible endpoint with its models. Hidden
 * when the server cannot answer (an older server, or detection off).
 */
export function LocalServersSection({ onAdded }: { onAdded?: (view: AdminEndpointView) => void }) {
  const { t } = useTranslation('setup');
  const queryClient = useQueryClient();
  const servers = useLocalServers();

  const rescan = useMutation({
    mutationFn: rescanLocalServers,
    onSuccess: (data) => queryClient.setQueryData(setupKeys.localServers, data),
    onError: (error) => showToast({ message: error.message, status: 'error' }),
  });
  const add = useMutation({
    mutationFn: (server: DetectedLocalServer) =>
      // Fetching the server's list too keeps models pulled later in the selector.
      createEndpoint({
        family: 'custom',
        name: server.label,
        baseURL: server.baseURL,
        models: server.models,
        fetchModels: true,
      }),
    onSuccess: async (view) => {
      await refreshEndpointQueries(queryClient);
      showToast({ message: t('endpoint_added', { name: view.name }) });
      onAdded?.(view);
    },
    onError: (error) => showToast({ message: error.message, status: 'error' }),
  });

  if (servers.isError || servers.isPending) return null;
  const found = servers.data.servers;
  return (
    <SetupSection
      title={t('local_servers_title')}
      description={found.length > 0 ? t('local_servers_description') : t('local_servers_none')}
      testId="local-servers"
      action={
        <Button
          variant="ghost"
          size="sm"
          onClick={() => rescan.mutate()}
          isLoading={rescan.isPending}
          data-testid="local-servers-rescan"
        >
          {rescan.isPending ? null : <RefreshCw className="size-4" aria-hidden />}
          {t('scan_again')}
        </Button>
      }
    >
      {found.length > 0 ? (
        <ul className="flex flex-col gap-2">
          {found.map((server) => (
            <li
              key={server.baseURL}
              className="flex flex-wrap items-center gap-3 rounded-xl border border-line px-3.5 py-3"
              data-testid="local-server"
              data-kind={server.kind}
            >
              <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-surface-tertiary text-fg-secondary">
                <Server className="size-[18px]" aria-hidden />
              </span>
              <span className="min-w-0 flex-1">
                <span className="block text-sm font-medium text-fg">{server.label}</span>
                <span className="block truncate font-mono text-xs text-fg-tertiary">{server.baseURL}</span>
                <span className="block text-xs text-fg-secondary">
                  {t('models_count', { count: server.models.length })}
                </span>
              </span>
              {server.isAdded ? (
                <span className="inline-flex items-center gap-1 text-sm text-fg-secondary">
                  <Check className="size-4 text-accent" aria-hidden />
                  {t('added')}
                </span>
              ) : (
                <Button
                  size="sm"
                  onClick={() => add.mutate(server)}
                  isLoading={add.isPending && add.variables.baseURL === server.baseURL}
                  disabled={add.isPending}
                  aria-label={t('add_server', { name: server.label })}
                >
                  {t('add')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : undefined}
    </SetupSection>
  );
}
