import { Plus, X } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/ui/button';
import { IconButton } from '../../../components/ui/icon-button';
import { parseToolName } from '../../chat/messages/tools/tool-call-status';
import { useAgentToolsQuery } from '../agent-queries';
import { isActionTool } from './agent-form';
import { BuilderSection } from './builder-fields';
import { ToolIcon } from './tool-icon';
import { ToolsDialog } from './tools-dialog';

/** Tools the builder shows elsewhere: file_search with the files (and action tools with the actions). */
const HIDDEN_TOOLS = new Set(['file_search']);

/** The agent's tools (built-in and MCP), each removable, and the picker that adds them. */
export function ToolsSection({
  tools,
  onChange,
  isReadOnly,
}: {
  tools: string[];
  onChange(tools: string[]): void;
  isReadOnly: boolean;
}) {
  const { t } = useTranslation('agents');
  const [isOpen, setIsOpen] = useState(false);
  const catalog = useAgentToolsQuery(tools.length > 0 || isOpen);
  const shown = tools.filter((key) => !HIDDEN_TOOLS.has(key) && !isActionTool(key));
  const toggle = (key: string, isAdded: boolean) =>
    onChange(isAdded ? [...tools.filter((k) => k !== key), key] : tools.filter((k) => k !== key));
  return (
    <BuilderSection
      title={t('builder.tools')}
      testId="agent-tools-section"
      action={
        isReadOnly ? null : (
          <Button variant="ghost" size="sm" className="h-7 px-2 text-accent" onClick={() => setIsOpen(true)} data-testid="add-tools">
            <Plus className="size-4" aria-hidden />
            {t('builder.add_tools')}
          </Button>
        )
      }
    >
      {shown.length === 0 ? (
        <p className="text-xs text-fg-tertiary">{t('builder.no_tools')}</p>
      ) : (
        <ul className="flex flex-col gap-1.5">
          {shown.map((key) => {
            const tool = catalog.data?.find((item) => item.pluginKey === key);
            const { tool: name, server } = parseToolName(key);
            return (
              <li
                key={key}
                className="flex items-center gap-2.5 rounded-xl border border-line bg-surface-secondary py-1.5 ps-2 pe-1"
                data-testid="agent-tool"
                data-tool={key}
              >
                <ToolIcon icon={tool?.icon} isMcp={!!server} className="size-7" />
                <span className="min-w-0 flex-1">
                  <span className="block truncate text-[13px] font-medium text-fg">{tool?.name ?? name}</span>
                  {server ? (
                    <span className="block truncate text-[11px] text-fg-tertiary">{t('tools.mcp_group', { server })}</span>
                  ) : null}
                </span>
                {isReadOnly ? null : (
                  <IconButton
                    label={t('builder.remove_tool', { tool: tool?.name ?? name })}
                    size="icon-sm"
                    className="size-7 text-fg-tertiary"
                    onClick={() => toggle(key, false)}
                  >
                    <X />
                  </IconButton>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <ToolsDialog isOpen={isOpen} onOpenChange={setIsOpen} selected={tools} onToggle={toggle} />
    </BuilderSection>
  );
}
