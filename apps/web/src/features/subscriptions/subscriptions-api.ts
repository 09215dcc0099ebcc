import type { Plan, RedirectUrlResponse, SubscriptionsOverview } from '@confab/shared';
import type { QueryClient } from '@tanstack/react-query';
import { apiJson } from '../../lib/api-client';
import { invalidateBalance } from '../balance/balance';

const BASE = '/api/subscriptions';

export const subscriptionsQueryKey = ['subscriptions'] as const;

export function fetchSubscriptionsOverview(signal?: AbortSignal): Promise<SubscriptionsOverview> {
  return apiJson<SubscriptionsOverview>(BASE, { signal });
}

export function createCheckoutSession(priceId: string): Promise<RedirectUrlResponse> {
  return apiJson<RedirectUrlResponse>(`${BASE}/create-checkout-session`, { method: 'POST', json: { priceId } });
}

export function createPortalSession(): Promise<RedirectUrlResponse> {
  return apiJson<RedirectUrlResponse>(`${BASE}/create-portal-session`, { method: 'POST', json: {} });
}

/** The test mode's checkout session, as its page shows it. */
export interface TestCheckoutSession {
  sessionId: string;
  status: string;
  plan: Plan | null;
}

export function fetchTestCheckout(sessionId: string, signal?: AbortSignal): Promise<TestCheckoutSession> {
  return apiJson<TestCheckoutSession>(`${BASE}/test-checkout/${encodeURIComponent(sessionId)}`, { signal });
}

export function finishTestCheckout(sessionId: string, action: 'complete' | 'cancel'): Promise<RedirectUrlResponse> {
  return apiJson<RedirectUrlResponse>(`${BASE}/test-checkout/${encodeURIComponent(sessionId)}/${action}`, {
    method: 'POST',
    json: {},
  });
}

export function cancelTestSubscription(): Promise<RedirectUrlResponse> {
  return apiJson<RedirectUrlResponse>(`${BASE}/test-portal/cancel`, { method: 'POST', json: {} });
}

/** After a checkout return or a portal action: the subscription and the credits it brought. */
export function invalidateSubscriptions(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: subscriptionsQueryKey });
  invalidateBalance(queryClient);
}
