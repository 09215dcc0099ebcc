import { FileSearch, Globe, Plug, SquareTerminal, type LucideIcon } from 'lucide-react';
import type { SwitchTool } from './tool-selection';

/** How each on/off tool shows in the menu and as a badge (its text in locales/en-US/chat-tools.json). */
export const SWITCH_TOOL_ICONS: Record<SwitchTool, LucideIcon> = {
  execute_code: SquareTerminal,
  file_search: FileSearch,
  web_search: Globe,
};

export const MCP_SERVER_ICON: LucideIcon = Plug;
