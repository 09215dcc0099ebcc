import type { Plan, SubscriptionView } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import {
  formatCredits,
  formatPlanPrice,
  getPlanButtonState,
  getSubscriptionDisplay,
  isSubscriptionActive,
  isSubscriptionCancelled,
  readCheckoutReturn,
  shouldOpenPaywall,
  withoutParams,
  type PaywallConditions,
} from './subscription-rules';

const plan = (id: string): Plan => ({
  id,
  name: id,
  description: '',
  price: 19,
  currency: 'usd',
  interval: 'month',
  tokensPerMonth: 5_000_000,
  features: [],
});

const sub = (over: Partial<SubscriptionView> = {}): SubscriptionView => ({
  status: 'active',
  priceId: 'price_pro',
  canceledAt: null,
  cancelAtPeriodEnd: false,
  currentPeriodEnd: '2030-01-15T00:00:00.000Z',
  plan: null,
  ...over,
});

describe('subscription state (SPEC 4)', () => {
  it('counts active and trialing, not cancelled, as active', () => {
    expect(isSubscriptionActive(sub())).toBe(true);
    expect(isSubscriptionActive(sub({ status: 'trialing' }))).toBe(true);
    expect(isSubscriptionActive(sub({ status: 'past_due' }))).toBe(false);
    expect(isSubscriptionActive(sub({ canceledAt: '2029-01-01T00:00:00Z' }))).toBe(false);
    expect(isSubscriptionActive(null)).toBe(false);
  });

  it('is cancelled when the status is canceled or canceledAt is set', () => {
    expect(isSubscriptionCancelled(sub({ status: 'canceled' }))).toBe(true);
    expect(isSubscriptionCancelled(sub({ canceledAt: '2029-01-01T00:00:00Z' }))).toBe(true);
    expect(isSubscriptionCancelled(sub())).toBe(false);
    expect(isSubscriptionCancelled(undefined)).toBe(false);
  });
});

describe('shouldOpenPaywall', () => {
  const base: PaywallConditions = {
    isAuthenticated: true,
    isBalanceEnabled: true,
    isSubscriptionsEnabled: true,
    isLoading: false,
    subscription: null,
    isIncompleteDialogOpen: false,
    isSuccessDialogOpen: false,
    wasDismissed: false,
  };

  it('opens for a signed-in user without an active subscription', () => {
    expect(shouldOpenPaywall(base)).toBe(true);
    expect(shouldOpenPaywall({ ...base, subscription: sub({ status: 'canceled' }) })).toBe(true);
  });

  it.each<[string, Partial<PaywallConditions>]>([
    ['signed out', { isAuthenticated: false }],
    ['balance off', { isBalanceEnabled: false }],
    ['no plans', { isSubscriptionsEnabled: false }],
    ['loading', { isLoading: true }],
    ['subscribed', { subscription: sub() }],
    ['the cancel dialog shown', { isIncompleteDialogOpen: true }],
    ['the success dialog shown', { isSuccessDialogOpen: true }],
    ['dismissed before', { wasDismissed: true }],
  ])('stays closed when %s', (_, over) => {
    expect(shouldOpenPaywall({ ...base, ...over })).toBe(false);
  });
});

describe('getPlanButtonState', () => {
  it('marks the active plan Current and disables every button', () => {
    expect(getPlanButtonState(plan('price_pro'), sub())).toEqual({ isCurrent: true, isDisabled: true });
    expect(getPlanButtonState(plan('price_basic'), sub())).toEqual({ isCurrent: false, isDisabled: true });
  });

  it('enables every plan with no subscription or a cancelled one', () => {
    expect(getPlanButtonState(plan('price_pro'), null)).toEqual({ isCurrent: false, isDisabled: false });
    expect(getPlanButtonState(plan('price_pro'), sub({ status: 'canceled' }))).toEqual({
      isCurrent: false,
      isDisabled: false,
    });
    expect(getPlanButtonState(plan('price_pro'), sub({ canceledAt: '2029-01-01T00:00:00Z' }))).toEqual({
      isCurrent: false,
      isDisabled: false,
    });
  });

  it('disables, without Current, while a payment is due', () => {
    expect(getPlanButtonState(plan('price_pro'), sub({ status: 'past_due' }))).toEqual({
      isCurrent: false,
      isDisabled: true,
    });
  });
});

describe('display (SPEC 9)', () => {
  it('shows the price without decimals in the plan currency', () => {
    expect(formatPlanPrice(19, 'usd', 'en-US')).toBe('$19');
    expect(formatPlanPrice(9.99, 'usd', 'en-US')).toBe('$10');
    expect(formatPlanPrice(49, 'eur', 'de-DE').replace(/\s/g, ' ')).toBe('49 €');
    expect(formatPlanPrice(5, 'zzz-bad', 'en-US')).toBe('5 ZZZ-BAD');
  });

  it('groups the credits', () => {
    expect(formatCredits(20_000_000, 'en-US')).toBe('20,000,000');
    expect(formatCredits(1000, 'de-DE')).toBe('1.000');
  });
});

describe('checkout return (SPEC 2)', () => {
  it('reads success with its session and cancel', () => {
    expect(readCheckoutReturn('?subscription=success&session_id=cs_1')).toEqual({ kind: 'success', sessionId: 'cs_1' });
    expect(readCheckoutReturn('?subscription=success')).toEqual({ kind: 'success', sessionId: null });
    expect(readCheckoutReturn('?subscription=cancel')).toEqual({ kind: 'cancel' });
    expect(readCheckoutReturn('?subscription=other')).toBeNull();
    expect(readCheckoutReturn('')).toBeNull();
  });

  it('removes only the named parameters', () => {
    expect(withoutParams('?subscription=success&session_id=cs_1', ['subscription', 'session_id'])).toBe('');
    expect(withoutParams('?a=1&subscription=cancel', ['subscription', 'session_id'])).toBe('?a=1');
  });
});

describe('getSubscriptionDisplay', () => {
  const now = new Date('2029-06-01T00:00:00Z');

  it('lets a user without a subscription subscribe', () => {
    expect(getSubscriptionDisplay(null, now)).toMatchObject({ tone: 'none', canSubscribe: true, canManage: false });
  });

  it('shows the renewal date of an active subscription and offers the portal', () => {
    expect(getSubscriptionDisplay(sub(), now)).toMatchObject({
      statusKey: 'status_active',
      dateKey: 'renews_on',
      date: '2030-01-15T00:00:00.000Z',
      canSubscribe: false,
      canManage: true,
    });
    expect(getSubscriptionDisplay(sub({ cancelAtPeriodEnd: true }), now).dateKey).toBe('access_until');
  });

  it('shows a cancelled subscription as cancelled, with subscribe again', () => {
    expect(getSubscriptionDisplay(sub({ status: 'canceled', canceledAt: '2029-05-01T00:00:00Z' }), now)).toMatchObject({
      statusKey: 'status_cancelled',
      dateKey: 'ended_on',
      date: '2029-05-01T00:00:00Z',
      canSubscribe: true,
      canManage: false,
    });
    expect(getSubscriptionDisplay(sub({ canceledAt: '2029-05-01T00:00:00Z' }), now)).toMatchObject({
      dateKey: 'access_until',
      canSubscribe: true,
      canManage: true,
    });
  });

  it('flags a payment problem', () => {
    expect(getSubscriptionDisplay(sub({ status: 'past_due' }), now)).toMatchObject({
      statusKey: 'status_past_due',
      tone: 'problem',
      canSubscribe: false,
    });
  });
});
