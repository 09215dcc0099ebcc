import { useChatPreferences } from '../settings/chat-preferences';

/**
 * The width class of the chat's column (messages and input alike): the reading width, or the
 * whole window with the "maximize chat space" preference on.
 */
export function useChatColumnWidth(): string {
  return useChatPreferences((s) => s.maximizeChatSpace) ? 'max-w-none' : 'max-w-3xl';
}
