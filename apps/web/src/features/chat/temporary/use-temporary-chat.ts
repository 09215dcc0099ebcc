import type { Conversation } from '@confab/shared';
import { useStartupConfig } from '../../config/use-startup-config';
import { useRolePermissions } from '../../roles/use-role-permissions';
import { useTemporaryChatStore } from './temporary-chat-store';

/** LibreChat's default `interface.temporaryChatRetention`, in hours. */
const DEFAULT_RETENTION_HOURS = 720;

export interface TemporaryChatState {
  /** TEMPORARY_CHAT USE and interface.temporaryChat: the switch shows. */
  canUse: boolean;
  /** The chat on screen is temporary: an open conversation with an expiry, or a new chat with the switch on. */
  isTemporary: boolean;
  /** The switch applies (a new chat); an existing conversation keeps what it is. */
  canToggle: boolean;
  /** How long a temporary chat is kept, in hours. */
  retentionHours: number;
}

/** SPEC 6's TEMPORARY_CHAT permission of the user's role; false while unknown. */
function useCanUseTemporaryChat(): boolean {
  const { data: config } = useStartupConfig();
  const { permissions } = useRolePermissions();
  if (config?.interface?.temporaryChat === false) return false;
  return permissions?.TEMPORARY_CHAT?.USE ?? false;
}

/** Whether the chat on screen is temporary, and whether the header switch may change that. */
export function useTemporaryChat(
  conversationId: string | null,
  conversation: Conversation | undefined,
): TemporaryChatState {
  const canUse = useCanUseTemporaryChat();
  const isOn = useTemporaryChatStore((s) => s.isOn);
  const { data: config } = useStartupConfig();
  const isNewChat = conversationId === null;
  const isStoredTemporary =
    !!conversation && conversation.conversationId === conversationId && !!conversation.expiredAt;
  return {
    canUse,
    isTemporary: isNewChat ? canUse && isOn : isStoredTemporary,
    canToggle: canUse && isNewChat,
    retentionHours: config?.interface?.temporaryChatRetention ?? DEFAULT_RETENTION_HOURS,
  };
}
