import { Wrench } from 'lucide-react';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../../../components/ui/dropdown-menu';
import { Tooltip } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/cn';
import { MCP_SERVER_ICON, SWITCH_TOOL_ICONS } from './tool-meta';
import { hasAnyTool, SWITCH_TOOLS } from './tool-selection';
import type { ChatTools } from './use-chat-tools';
import { useWebSearchKey } from '../../web-search/use-web-search-key';

const ToolKeyDialog = lazy(async () => ({ default: (await import('../../tool-keys/tool-key-dialog')).ToolKeyDialog }));

/** Keeps the menu open on a switch: several tools are often turned on in a row. */
const keepOpen = (event: Event) => event.preventDefault();

/**
 * The composer's "Tools" button (LibreChat's tools dropdown): a menu of switches, one per tool
 * the user may turn on in this chat (code execution, file search, each MCP server; web search
 * joins them as one more switch). Shown only when some tool may be turned on.
 */
export function ToolsMenu({ tools }: { tools: ChatTools }) {
  const { t } = useTranslation('chat-tools');
  const { allowed, selection } = tools;
  const webSearchKey = useWebSearchKey();
  if (!allowed) return null;
  const switches = SWITCH_TOOLS.filter((tool) => allowed[tool]);
  if (switches.length === 0 && allowed.mcpServers.length === 0) return null;
  const isAnyOn = hasAnyTool(selection);
  const setSwitch = (tool: (typeof switches)[number], isOn: boolean) => {
    // A provider on each user's key: the key first, then the switch turns on by itself.
    if (tool === 'web_search' && isOn && webSearchKey.mustAsk) webSearchKey.setOpen(true);
    else tools.setSwitch(tool, isOn);
  };
  return (
    <>
      <DropdownMenu modal={false}>
        <Tooltip content={t('button')}>
          <DropdownMenuTrigger
            className={cn(
              'focus-ring flex size-9 shrink-0 items-center justify-center rounded-full transition-colors hover:bg-surface-hover hover:text-fg data-[state=open]:bg-surface-hover',
              isAnyOn ? 'text-accent' : 'text-fg-secondary',
            )}
            aria-label={t('button')}
            data-testid="tools-button"
          >
            <Wrench className="size-[18px]" aria-hidden />
          </DropdownMenuTrigger>
        </Tooltip>
        <DropdownMenuContent
          side="top"
          align="start"
          className="w-[min(20rem,calc(100vw-1rem))]"
          aria-label={t('menu_label')}
          data-testid="tools-menu"
        >
          <DropdownMenuLabel className="text-xs font-medium">{t('menu_label')}</DropdownMenuLabel>
          {switches.map((tool) => {
            const Icon = SWITCH_TOOL_ICONS[tool];
            return (
              <DropdownMenuCheckboxItem
                key={tool}
                checked={selection[tool]}
                onCheckedChange={(isOn) => setSwitch(tool, isOn)}
                onSelect={keepOpen}
                data-testid={`tool-switch-${tool}`}
              >
                <Icon aria-hidden />
                <ToolText label={t(`${tool}.label`)} hint={t(`${tool}.hint`)} />
              </DropdownMenuCheckboxItem>
            );
          })}
          {allowed.mcpServers.length ? (
            <>
              {switches.length ? <DropdownMenuSeparator /> : null}
              <DropdownMenuLabel className="text-xs font-medium">{t('mcp.group')}</DropdownMenuLabel>
              {allowed.mcpServers.map((server) => (
                <DropdownMenuCheckboxItem
                  key={server}
                  checked={selection.mcp.includes(server)}
                  onCheckedChange={(isOn) => tools.setMcpServer(server, isOn)}
                  onSelect={keepOpen}
                  data-testid={`tool-switch-mcp-${server}`}
                >
                  <MCP_SERVER_ICON aria-hidden />
                  <ToolText label={server} hint={t('mcp.hint')} />
                </DropdownMenuCheckboxItem>
              ))}
            </>
          ) : null}
        </DropdownMenuContent>
      </DropdownMenu>
      {webSearchKey.isOpen && webSearchKey.spec ? (
        <Suspense fallback={null}>
          <ToolKeyDialog
            spec={webSearchKey.spec}
            isOpen
            onOpenChange={webSearchKey.setOpen}
            isInstalled={webSearchKey.isInstalled}
            willRun
            onInstalled={() => {
              webSearchKey.setOpen(false);
              tools.setSwitch('web_search', true);
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}

function ToolText({ label, hint }: { label: string; hint: string }) {
  return (
    <span className="min-w-0 flex-1">
      <span className="block truncate text-fg">{label}</span>
      <span className="block truncate text-xs text-fg-tertiary">{hint}</span>
    </span>
  );
}
