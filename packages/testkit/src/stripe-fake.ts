/**
 * PLACEHOLDER (issue 23, subscriptions helper): a local Stripe-compatible API for the `stripe` SDK
 * (customers, checkout sessions, billing portal sessions, subscriptions, invoices) that completes
 * a checkout by posting signed webhook events to the app, as Stripe does.
 */
export interface StripeFake {
  /** The API origin, for STRIPE_API_BASE (http://127.0.0.1:PORT). */
  url: string;
  /** Sets where webhooks go and the secret they are signed with (STRIPE_WEBHOOK_SECRET). */
  setWebhook(target: { url: string; secret: string }): void;
  /** Completes an open checkout session as a paying customer would, sending its events. */
  completeCheckout(sessionId: string): Promise<void>;
  /** Cancels a subscription as the billing portal would, sending its events. */
  cancelSubscription(subscriptionId: string, options?: { atPeriodEnd?: boolean }): Promise<void>;
  close(): Promise<void>;
}

export async function startStripeFake(_options: { port?: number } = {}): Promise<StripeFake> {
  throw new Error('startStripeFake is not implemented yet');
}
