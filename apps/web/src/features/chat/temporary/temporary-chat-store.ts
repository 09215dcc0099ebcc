import { create } from 'zustand';

/**
 * The header's temporary chat switch (SPEC 4, temporary chat). It applies to new chats and, as
 * in LibreChat, stays on for the next new chat until turned off; an existing conversation is
 * temporary when it has an expiry, whatever the switch says.
 */
export const useTemporaryChatStore = create<{ isOn: boolean }>(() => ({ isOn: false }));

export function setTemporaryChat(isOn: boolean): void {
  useTemporaryChatStore.setState({ isOn });
}
