import { Check, KeyRound, Plus, Store } from 'lucide-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent } from '../../../components/ui/dialog';
import { Spinner } from '../../../components/ui/spinner';
import { useAgentToolsQuery } from '../agent-queries';
import type { AgentTool } from '../agents-api';
import { PluginStoreDialog } from '../plugin-store/plugin-store-dialog';
import { groupTools, isActionTool, needsAuth } from './agent-form';
import { ToolAuthDialog } from './tool-auth-dialog';
import { ToolIcon } from './tool-icon';
import { InlineSearchField } from '../../../components/ui/inline-search-field';

function matches(tool: AgentTool, needle: string): boolean {
  return [tool.name, tool.pluginKey, tool.description].some((v) => !!v && v.toLowerCase().includes(needle));
}

/**
 * The tools picker (SPEC 2, tool grid): built-in tools, then each MCP server's tools, with a
 * search. A tool needing credentials asks for them before it is added.
 */
export function ToolsDialog({
  isOpen,
  onOpenChange,
  selected,
  onToggle,
}: {
  isOpen: boolean;
  onOpenChange(isOpen: boolean): void;
  selected: readonly string[];
  onToggle(pluginKey: string, isAdded: boolean): void;
}) {
  const { t } = useTranslation('agents');
  const tools = useAgentToolsQuery(isOpen);
  const [query, setQuery] = useState('');
  const [authTool, setAuthTool] = useState<AgentTool | null>(null);
  const [isStoreOpen, setIsStoreOpen] = useState(false);
  const needle = query.trim().toLowerCase();
  const groups = useMemo(
    // file_search comes with the builder's files and action tools with their action, not from here.
    () =>
      groupTools(
        (tools.data ?? []).filter(
          (tool) =>
            tool.pluginKey !== 'file_search' && !isActionTool(tool.pluginKey) && (!needle || matches(tool, needle)),
        ),
      ),
    [tools.data, needle],
  );

  const choose = (tool: AgentTool) => {
    const isAdded = selected.includes(tool.pluginKey);
    if (!isAdded && needsAuth(tool)) setAuthTool(tool);
    else onToggle(tool.pluginKey, !isAdded);
  };

  return (
    <>
      <Dialog open={isOpen} onOpenChange={onOpenChange}>
        <DialogContent
          title={t('tools.title')}
          description={t('tools.description')}
          className="max-w-2xl"
          data-testid="tools-dialog"
        >
          <div className="px-6">
            <InlineSearchField value={query} onChange={setQuery} label={t('tools.search')} data-testid="tools-search" />
          </div>
          <div className="scrollbar-thin max-h-[min(60vh,520px)] overflow-y-auto px-6 pt-2 pb-4">
            {tools.isLoading ? (
              <div className="flex justify-center py-10">
                <Spinner className="text-fg-tertiary" label={t('tools.loading')} />
              </div>
            ) : groups.length === 0 ? (
              <p className="py-10 text-center text-sm text-fg-tertiary" data-testid="tools-empty">
                {needle ? t('tools.no_match') : t('tools.none')}
              </p>
            ) : (
              groups.map((group) => (
                <div key={group.server ?? ''} className="mt-3" data-testid={`tool-group-${group.server ?? 'builtin'}`}>
                  <h4 className="mb-1.5 text-[11px] font-semibold tracking-wider text-fg-tertiary uppercase">
                    {group.server ? t('tools.mcp_group', { server: group.server }) : t('tools.builtin_group')}
                  </h4>
                  <ul className="grid gap-2 sm:grid-cols-2">
                    {group.tools.map((tool) => {
                      const isAdded = selected.includes(tool.pluginKey);
                      return (
                        <li key={tool.pluginKey}>
                          <button
                            type="button"
                            onClick={() => choose(tool)}
                            aria-pressed={isAdded}
                            className="focus-ring flex h-full w-full items-start gap-3 rounded-xl border border-line bg-surface p-3 text-left transition-colors hover:bg-surface-hover aria-pressed:border-accent aria-pressed:bg-accent-soft"
                            data-testid="tool-option"
                            data-tool={tool.pluginKey}
                          >
                            <ToolIcon icon={tool.icon} isMcp={!!group.server} />
                            <span className="min-w-0 flex-1">
                              <span className="block truncate text-sm font-medium text-fg">{tool.name}</span>
                              {tool.description ? (
                                <span className="mt-0.5 line-clamp-2 text-xs leading-snug text-fg-tertiary">
                                  {tool.description}
                                </span>
                              ) : null}
                            </span>
                            <span className="mt-0.5 shrink-0 text-fg-secondary" aria-hidden>
                              {isAdded ? (
                                <Check className="size-4 text-accent" />
                              ) : needsAuth(tool) ? (
                                <KeyRound className="size-4" />
                              ) : (
                                <Plus className="size-4" />
                              )}
                            </span>
                          </button>
                        </li>
                      );
                    })}
                  </ul>
                </div>
              ))
            )}
          </div>
          <div className="flex items-center gap-2 border-t border-line px-6 py-3">
            <Button
              variant="ghost"
              size="sm"
              className="text-fg-secondary"
              onClick={() => setIsStoreOpen(true)}
              data-testid="open-plugin-store"
            >
              <Store className="size-4" aria-hidden />
              {t('store.open')}
            </Button>
            <span className="flex-1" />
            <Button size="sm" onClick={() => onOpenChange(false)} data-testid="tools-done">
              {t('tools.done')}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
      <ToolAuthDialog
        tool={authTool}
        onClose={() => setAuthTool(null)}
        onInstalled={(tool) => {
          setAuthTool(null);
          onToggle(tool.pluginKey, true);
        }}
      />
      <PluginStoreDialog isOpen={isStoreOpen} onOpenChange={setIsStoreOpen} />
    </>
  );
}
