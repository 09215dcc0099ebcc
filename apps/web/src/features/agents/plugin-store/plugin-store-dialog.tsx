import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Download, Trash2 } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { showToast } from '../../../components/ui/toast-store';
import { agentKeys, usePluginsQuery } from '../agent-queries';
import { updateUserPlugin, type AgentTool } from '../agents-api';
import { ToolAuthDialog } from '../builder/tool-auth-dialog';
import { isActionTool } from '../builder/agent-form';
import { ToolIcon } from '../builder/tool-icon';
import { useAuthStore } from '../../auth/auth-store';
import { installNeedsAuth, isPluginInstalled, nextUserPlugins } from './plugin-install';
import { InlineSearchField } from '../../../components/ui/inline-search-field';

/**
 * The plugin store (SPEC 2): every tool as a plugin with its icon and description (GET
 * /api/plugins). Install asks for the plugin's credentials; uninstall forgets them (POST
 * /api/user/plugins).
 */
export function PluginStoreDialog({ isOpen, onOpenChange }: { isOpen: boolean; onOpenChange(isOpen: boolean): void }) {
  const { t } = useTranslation('agents');
  const queryClient = useQueryClient();
  const plugins = usePluginsQuery(isOpen);
  const [query, setQuery] = useState('');
  const [authTool, setAuthTool] = useState<AgentTool | null>(null);
  const needle = query.trim().toLowerCase();
  const shown = useMemo(
    () =>
      (plugins.data ?? []).filter(
        // An action's operations belong to its agent, not to the store.
        (p) =>
          !isActionTool(p.pluginKey) &&
          (!needle || [p.name, p.description].some((v) => !!v && v.toLowerCase().includes(needle))),
      ),
    [plugins.data, needle],
  );
  const user = useAuthStore((s) => s.user);
  const userPlugins = user?.plugins ?? [];
  // The user's plugin list lives on the user: kept in step without reloading the session.
  const rememberPlugin = (pluginKey: string, action: 'install' | 'uninstall') => {
    const current = useAuthStore.getState().user;
    if (current)
      useAuthStore.getState().setUser({ ...current, plugins: nextUserPlugins(current.plugins, pluginKey, action) });
    void queryClient.invalidateQueries({ queryKey: agentKeys.plugins });
    void queryClient.invalidateQueries({ queryKey: agentKeys.tools });
  };
  const change = useMutation({
    mutationFn: ({ plugin, action }: { plugin: AgentTool; action: 'install' | 'uninstall' }) =>
      updateUserPlugin({ pluginKey: plugin.pluginKey, action }),
    onSuccess: (_, { plugin, action }) => {
      rememberPlugin(plugin.pluginKey, action);
      showToast({ message: t(action === 'install' ? 'store.installed' : 'store.uninstalled', { name: plugin.name }) });
    },
    onError: () => showToast({ message: t('store.change_failed'), status: 'error' }),
  });
  const install = (plugin: AgentTool) =>
    installNeedsAuth(plugin) ? setAuthTool(plugin) : change.mutate({ plugin, action: 'install' });

  return (
    <>
      <Dialog open={isOpen} onOpenChange={onOpenChange}>
        <DialogContent
          title={t('store.title')}
          description={t('store.description')}
          className="max-w-3xl"
          data-testid="plugin-store"
        >
          <div className="px-6">
            <InlineSearchField value={query} onChange={setQuery} label={t('store.search')} />
          </div>
          <div className="scrollbar-thin max-h-[min(65vh,560px)] overflow-y-auto px-6 pt-3 pb-6">
            {plugins.isLoading ? (
              <div className="flex justify-center py-10">
                <Spinner className="text-fg-tertiary" label={t('tools.loading')} />
              </div>
            ) : shown.length === 0 ? (
              <p className="py-10 text-center text-sm text-fg-tertiary">
                {needle ? t('tools.no_match') : t('store.none')}
              </p>
            ) : (
              <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
                {shown.map((plugin) => {
                  const installed = isPluginInstalled(plugin, userPlugins);
                  const isBusy = change.isPending && change.variables?.plugin.pluginKey === plugin.pluginKey;
                  return (
                    <li
                      key={plugin.pluginKey}
                      className="flex flex-col rounded-xl border border-line bg-surface p-3.5"
                      data-testid="plugin-card"
                      data-plugin={plugin.pluginKey}
                      data-installed={installed}
                    >
                      <div className="flex items-center gap-3">
                        <ToolIcon icon={plugin.icon} isMcp={plugin.pluginKey.includes('_mcp_')} className="size-10" />
                        <span className="min-w-0 flex-1 truncate text-sm font-semibold text-fg">{plugin.name}</span>
                      </div>
                      <p className="mt-2 line-clamp-3 flex-1 text-xs leading-relaxed text-fg-secondary">
                        {plugin.description || t('store.no_description')}
                      </p>
                      <div className="mt-3">
                        {installed ? (
                          <Button
                            variant="outline"
                            size="sm"
                            className="w-full"
                            isLoading={isBusy}
                            onClick={() => change.mutate({ plugin, action: 'uninstall' })}
                            data-testid="plugin-uninstall"
                          >
                            <Trash2 className="size-3.5" aria-hidden />
                            {t('store.uninstall')}
                          </Button>
                        ) : (
                          <Button
                            size="sm"
                            className="w-full"
                            isLoading={isBusy}
                            onClick={() => install(plugin)}
                            data-testid="plugin-install"
                          >
                            <Download className="size-3.5" aria-hidden />
                            {t('store.install')}
                          </Button>
                        )}
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
        </DialogContent>
      </Dialog>
      <ToolAuthDialog
        tool={authTool}
        onClose={() => setAuthTool(null)}
        onInstalled={(plugin) => {
          setAuthTool(null);
          rememberPlugin(plugin.pluginKey, 'install');
          showToast({ message: t('store.installed', { name: plugin.name }) });
        }}
      />
    </>
  );
}
