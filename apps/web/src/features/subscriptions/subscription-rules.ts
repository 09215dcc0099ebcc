import { ACTIVE_SUBSCRIPTION_STATUSES, CHECKOUT_RETURN, type Plan, type SubscriptionView } from '@confab/shared';

/** SPEC 4: a subscription is cancelled when its status is canceled or canceledAt is set. */
export function isSubscriptionCancelled(subscription: SubscriptionView | null | undefined): boolean {
  if (!subscription) return false;
  return subscription.status === 'canceled' || subscription.canceledAt !== null;
}

/** SPEC 4: active (or trialing) and not cancelled; only then does the paywall stay away. */
export function isSubscriptionActive(subscription: SubscriptionView | null | undefined): boolean {
  if (!subscription) return false;
  return ACTIVE_SUBSCRIPTION_STATUSES.includes(subscription.status) && !isSubscriptionCancelled(subscription);
}

/** A payment that did not go through: the incomplete dialog explains it. */
export function isSubscriptionIncomplete(subscription: SubscriptionView | null | undefined): boolean {
  return subscription?.status === 'incomplete' || subscription?.status === 'past_due';
}

export interface PaywallConditions {
  isAuthenticated: boolean;
  isBalanceEnabled: boolean;
  isSubscriptionsEnabled: boolean;
  isLoading: boolean;
  subscription: SubscriptionView | null | undefined;
  isIncompleteDialogOpen: boolean;
  isSuccessDialogOpen: boolean;
  /** The user chose "Not now" before (kept locally per user, SPEC 9). */
  wasDismissed: boolean;
}

/** SPEC 4: when the paywall opens by itself. */
export function shouldOpenPaywall(c: PaywallConditions): boolean {
  return (
    c.isAuthenticated &&
    c.isBalanceEnabled &&
    c.isSubscriptionsEnabled &&
    !c.isLoading &&
    !isSubscriptionActive(c.subscription) &&
    !c.isIncompleteDialogOpen &&
    !c.isSuccessDialogOpen &&
    !c.wasDismissed
  );
}

export interface PlanButtonState {
  isCurrent: boolean;
  isDisabled: boolean;
}

/**
 * SPEC 4: "Current" on the active, not cancelled plan; every button is disabled while a
 * subscription exists and is not cancelled (a change of plan goes through the billing portal).
 */
export function getPlanButtonState(plan: Plan, subscription: SubscriptionView | null | undefined): PlanButtonState {
  const hasLiveSubscription = !!subscription && !isSubscriptionCancelled(subscription);
  return {
    isCurrent: hasLiveSubscription && subscription.status === 'active' && subscription.priceId === plan.id,
    isDisabled: hasLiveSubscription,
  };
}

/** SPEC 9: the price without decimals, in the plan's currency. */
export function formatPlanPrice(price: number, currency: string, locale?: string): string {
  try {
    return new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: currency.toUpperCase(),
      minimumFractionDigits: 0,
      maximumFractionDigits: 0,
    }).format(price);
  } catch {
    // An unknown currency code: the number and the code still say enough.
    return `${Math.round(price)} ${currency.toUpperCase()}`;
  }
}

/** SPEC 9: token credits grouped (20,000,000). */
export function formatCredits(credits: number, locale?: string): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 0, useGrouping: true }).format(credits);
}

/** SPEC 2: the second plan in the list is the popular one. */
export const POPULAR_PLAN_INDEX = 1;

export type CheckoutReturn = { kind: 'success'; sessionId: string | null } | { kind: 'cancel' };

/** Reads `?subscription=success&session_id=…` or `?subscription=cancel` (SPEC 2). */
export function readCheckoutReturn(search: string): CheckoutReturn | null {
  const params = new URLSearchParams(search);
  const value = params.get(CHECKOUT_RETURN.param);
  if (value === CHECKOUT_RETURN.success)
    return { kind: 'success', sessionId: params.get(CHECKOUT_RETURN.sessionParam) };
  if (value === CHECKOUT_RETURN.cancel) return { kind: 'cancel' };
  return null;
}

/** The search string without the named parameters ('' when nothing is left). */
export function withoutParams(search: string, names: readonly string[]): string {
  const params = new URLSearchParams(search);
  for (const name of names) params.delete(name);
  const rest = params.toString();
  return rest ? `?${rest}` : '';
}

export const CHECKOUT_RETURN_PARAMS = [CHECKOUT_RETURN.param, CHECKOUT_RETURN.sessionParam] as const;

export type SubscriptionTone = 'active' | 'cancelled' | 'problem' | 'none';

export interface SubscriptionDisplay {
  /** The `status_*` key of the badge. */
  statusKey: string;
  tone: SubscriptionTone;
  /** What the date line says: renews on, access until, ended on. */
  dateKey: 'renews_on' | 'access_until' | 'ended_on' | null;
  date: string | null;
  /** SPEC 4: none or cancelled lets the user subscribe (again). */
  canSubscribe: boolean;
  /** The billing portal has something to manage. */
  canManage: boolean;
}

/** What Settings → Subscription shows for a subscription (SPEC 2). */
export function getSubscriptionDisplay(
  subscription: SubscriptionView | null | undefined,
  now = new Date(),
): SubscriptionDisplay {
  if (!subscription) {
    return { statusKey: 'status_none', tone: 'none', dateKey: null, date: null, canSubscribe: true, canManage: false };
  }
  const end = subscription.currentPeriodEnd;
  if (isSubscriptionCancelled(subscription)) {
    const isStillRunning = subscription.status !== 'canceled' && end !== null && new Date(end) > now;
    return {
      statusKey: 'status_cancelled',
      tone: 'cancelled',
      dateKey: isStillRunning ? 'access_until' : subscription.canceledAt ? 'ended_on' : null,
      date: isStillRunning ? end : subscription.canceledAt,
      canSubscribe: true,
      canManage: subscription.status !== 'canceled',
    };
  }
  if (isSubscriptionActive(subscription)) {
    return {
      statusKey: subscription.status === 'trialing' ? 'status_trialing' : 'status_active',
      tone: 'active',
      dateKey: end ? (subscription.cancelAtPeriodEnd ? 'access_until' : 'renews_on') : null,
      date: end,
      canSubscribe: false,
      canManage: true,
    };
  }
  return {
    statusKey: `status_${subscription.status}`,
    tone: 'problem',
    dateKey: null,
    date: null,
    canSubscribe: false,
    canManage: true,
  };
}
