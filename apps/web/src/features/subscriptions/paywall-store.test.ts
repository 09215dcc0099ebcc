import { beforeEach, describe, expect, it } from 'vitest';
import { usePaywallStore } from './paywall-store';

describe('paywall store', () => {
  beforeEach(() =>
    usePaywallStore.setState({ isPlansOpen: false, reason: null, shownForMessages: new Set(), result: null }),
  );

  it('opens the plans once per token_balance message', () => {
    const store = usePaywallStore.getState();
    store.openForMessage('m1');
    expect(usePaywallStore.getState()).toMatchObject({ isPlansOpen: true, reason: 'token_balance' });
    store.closePlans();
    store.openForMessage('m1');
    expect(usePaywallStore.getState().isPlansOpen).toBe(false);
    store.openForMessage('m2');
    expect(usePaywallStore.getState().isPlansOpen).toBe(true);
  });

  it('a result dialog takes the place of the plans', () => {
    usePaywallStore.getState().openPlans('paywall');
    usePaywallStore.getState().showResult('incomplete');
    expect(usePaywallStore.getState()).toMatchObject({ isPlansOpen: false, reason: null, result: 'incomplete' });
    usePaywallStore.getState().closeResult();
    expect(usePaywallStore.getState().result).toBeNull();
  });
});
