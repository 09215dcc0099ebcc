import { create } from 'zustand';

/**
 * Which subscription dialog is open (issue 23). The plans dialog opens from the paywall, from
 * Settings, or from a token_balance error, once per message (SPEC 8): `openForMessage` remembers
 * the messages it already opened for.
 */
interface PaywallState {
  isPlansOpen: boolean;
  /** Why the plans dialog is open: the paywall rules can't be closed where SPEC 4 says so. */
  reason: 'paywall' | 'token_balance' | 'settings' | null;
  shownForMessages: Set<string>;
  openPlans(reason: 'paywall' | 'token_balance' | 'settings'): void;
  /** Opens the plans for a token_balance error of this message, unless it did so before. */
  openForMessage(messageId: string): void;
  closePlans(): void;
}

export const usePaywallStore = create<PaywallState>()((set, get) => ({
  isPlansOpen: false,
  reason: null,
  shownForMessages: new Set(),
  openPlans: (reason) => set({ isPlansOpen: true, reason }),
  openForMessage: (messageId) => {
    const shown = get().shownForMessages;
    if (shown.has(messageId)) return;
    set({ isPlansOpen: true, reason: 'token_balance', shownForMessages: new Set(shown).add(messageId) });
  },
  closePlans: () => set({ isPlansOpen: false, reason: null }),
}));
