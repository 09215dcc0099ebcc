import type { Plan } from '@confab/shared';
import type Stripe from 'stripe';
import type { AppConfig } from '../../config/config-schema.js';
import type { Env } from '../../env.js';

/** Stripe's tolerance for a webhook signature's age, in seconds: an older delivery is refused as a replay. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/**
 * The Stripe SDK for STRIPE_SECRET_KEY, or undefined without a key (the app's own test mode).
 * STRIPE_API_BASE sends the SDK to another API origin (the tests' fake) through its own host,
 * port and protocol options, so every request is the SDK's real one. The SDK is loaded only
 * then: a server without billing does not hold it in memory.
 */
export async function createStripeClient(env: Env): Promise<Stripe | undefined> {
  if (!env.STRIPE_SECRET_KEY) return undefined;
  const { default: StripeSdk } = await import('stripe');
  const config: Stripe.StripeConfig = { maxNetworkRetries: 1, timeout: 20_000, appInfo: { name: 'Confab' } };
  if (env.STRIPE_API_BASE) {
    const base = new URL(env.STRIPE_API_BASE);
    config.protocol = base.protocol === 'http:' ? 'http' : 'https';
    config.host = base.hostname;
    config.port = base.port || (base.protocol === 'http:' ? 80 : 443);
  }
  return new StripeSdk(env.STRIPE_SECRET_KEY, config);
}

export const configuredPlans = (config: AppConfig): Plan[] => config.subscriptions?.plans ?? [];

export const subscriptionsEnabled = (config: AppConfig): boolean =>
  config.subscriptions?.enabled ?? configuredPlans(config).length > 0;
