import type { PermissionFeatureName } from '@confab/shared';
import {
  Bookmark,
  Bot,
  Brain,
  Columns2,
  Globe,
  MessageCircleDashed,
  SquareSlash,
  SquareTerminal,
  type LucideIcon,
} from 'lucide-react';

/** Each feature's icon in Admin → Roles, the one the app shows for it elsewhere where it has one. */
export const FEATURE_ICONS: Record<PermissionFeatureName, LucideIcon> = {
  PROMPTS: SquareSlash,
  BOOKMARKS: Bookmark,
  AGENTS: Bot,
  MULTI_CONVO: Columns2,
  TEMPORARY_CHAT: MessageCircleDashed,
  RUN_CODE: SquareTerminal,
  WEB_SEARCH: Globe,
  MEMORIES: Brain,
};
