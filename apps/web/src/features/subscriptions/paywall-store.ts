import { create } from 'zustand';

export type PlansReason = 'paywall' | 'token_balance' | 'settings';

/**
 * Which subscription dialog is open (issue 23). The plans dialog opens from the paywall, from
 * Settings, or from a token_balance error, once per message (SPEC 8): `openForMessage` remembers
 * the messages it already opened for. The result dialogs follow a checkout return or a
 * subscription whose payment did not go through.
 */
interface PaywallState {
  isPlansOpen: boolean;
  /** Why the plans dialog is open: the paywall rules can't be closed where SPEC 4 says so. */
  reason: PlansReason | null;
  shownForMessages: Set<string>;
  result: 'success' | 'incomplete' | null;
  openPlans(reason: PlansReason): void;
  /** Opens the plans for a token_balance error of this message, unless it did so before. */
  openForMessage(messageId: string): void;
  closePlans(): void;
  showResult(result: 'success' | 'incomplete'): void;
  closeResult(): void;
}

export const usePaywallStore = create<PaywallState>()((set, get) => ({
  isPlansOpen: false,
  reason: null,
  shownForMessages: new Set(),
  result: null,
  openPlans: (reason) => set({ isPlansOpen: true, reason }),
  openForMessage: (messageId) => {
    const shown = get().shownForMessages;
    if (shown.has(messageId)) return;
    set({ isPlansOpen: true, reason: 'token_balance', shownForMessages: new Set(shown).add(messageId) });
  },
  closePlans: () => set({ isPlansOpen: false, reason: null }),
  // A result dialog takes the place of the plans: both at once would stack two modals.
  showResult: (result) => set({ result, isPlansOpen: false, reason: null }),
  closeResult: () => set({ result: null }),
}));
