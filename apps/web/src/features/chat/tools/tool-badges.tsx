import { X, type LucideIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { MCP_SERVER_ICON, SWITCH_TOOL_ICONS } from './tool-meta';
import { SWITCH_TOOLS } from './tool-selection';
import type { ChatTools } from './use-chat-tools';

interface Badge {
  id: string;
  label: string;
  Icon: LucideIcon;
  turnOff: () => void;
}

/**
 * The tools on in this chat, as small badges; each one's × turns its tool off. The row scrolls
 * rather than wrap, so the composer keeps its height however many are on.
 */
export function ToolBadges({ tools }: { tools: ChatTools }) {
  const { t } = useTranslation('chat-tools');
  const { selection } = tools;
  const badges: Badge[] = [
    ...SWITCH_TOOLS.filter((tool) => selection[tool]).map((tool) => ({
      id: tool,
      label: t(`${tool}.label`),
      Icon: SWITCH_TOOL_ICONS[tool],
      turnOff: () => tools.setSwitch(tool, false),
    })),
    ...selection.mcp.map((server) => ({
      id: `mcp-${server}`,
      label: server,
      Icon: MCP_SERVER_ICON,
      turnOff: () => tools.setMcpServer(server, false),
    })),
  ];
  if (badges.length === 0) return null;
  return (
    <ul
      // Padding: the badges' focus rings would be cut by the scrolling box.
      className="flex min-w-0 items-center gap-1 overflow-x-auto px-1 py-1 [scrollbar-width:none]"
      aria-label={t('active')}
      data-testid="tool-badges"
    >
      {badges.map(({ id, label, Icon, turnOff }) => (
        <li
          key={id}
          title={label}
          className="flex h-7 shrink-0 items-center gap-1 rounded-full bg-accent-soft ps-2 pe-0.5 text-xs font-medium text-accent"
          data-testid={`tool-badge-${id}`}
        >
          <Icon className="size-3.5 shrink-0" aria-hidden />
          <span className="max-w-32 truncate">{label}</span>
          <button
            type="button"
            onClick={turnOff}
            aria-label={t('turn_off', { tool: label })}
            className="focus-ring flex size-6 items-center justify-center rounded-full transition-colors hover:bg-accent/15"
            data-testid={`tool-badge-remove-${id}`}
          >
            <X className="size-3.5" aria-hidden />
          </button>
        </li>
      ))}
    </ul>
  );
}
