/**
 * The server of the billing specs (issue 23): the account server (its own port, data folder and
 * copy of the web build) with the balance on, three subscription plans, no Stripe key (so checkout
 * opens the app's own test checkout), and a custom endpoint on a private provider simulator whose
 * model has fixed rates, so what a reply costs is known.
 *
 * Specs use `billingTest` with `test.use({ billing: {...} })`; `server` is the running server and
 * baseURL points at it.
 */
import { test as base } from '@playwright/test';
import { startOpenAISimulator } from '@confab/testkit';
import { startAccountServer, type AccountServer } from './account-server';
import { scriptReply } from './scripted-replies';

export interface BillingPlan {
  id: string;
  name: string;
  description: string;
  price: number;
  currency: string;
  interval: 'month';
  tokensPerMonth: number;
  features: string[];
}

/** What the billing specs subscribe to; the second one is the "most popular". */
export const PLANS: BillingPlan[] = [
  {
    id: 'price_basic',
    name: 'Basic',
    description: 'For trying things out',
    price: 9,
    currency: 'usd',
    interval: 'month',
    tokensPerMonth: 1_000_000,
    features: ['Every model', 'Memes'],
  },
  {
    id: 'price_pro',
    name: 'Pro',
    description: 'For every day',
    price: 19,
    currency: 'usd',
    interval: 'month',
    tokensPerMonth: 5_000_000,
    features: ['Every model', 'Memes', 'Videos'],
  },
  {
    id: 'price_team',
    name: 'Team',
    description: 'For heavy use',
    price: 49,
    currency: 'usd',
    interval: 'month',
    tokensPerMonth: 20_000_000,
    features: ['Every model', 'Memes', 'Videos', 'Priority'],
  },
];

/** The simulator's endpoint and model, priced by `BillingServerOptions.rate`. */
export const BILLING_ENDPOINT = 'Simulator';
export const BILLING_MODEL = 'sim-billing';

export interface BillingServerOptions {
  startBalance: number;
  /** Credits per token of BILLING_MODEL (= USD per million tokens). */
  rate?: { prompt: number; completion: number };
  plans?: BillingPlan[];
}

export interface BillingServer extends AccountServer {
  options: Required<BillingServerOptions>;
}

export async function startBillingServer(options: BillingServerOptions): Promise<BillingServer> {
  const resolved: Required<BillingServerOptions> = {
    rate: { prompt: 1, completion: 2 },
    plans: PLANS,
    ...options,
  };
  const sim = await startOpenAISimulator({ apiKey: 'sk-e2e' });
  sim.setResponder(scriptReply);
  // JSON is YAML: each section on one line, quoted exactly.
  const extraConfig = [
    'endpoints:',
    '  custom:',
    `    - name: ${BILLING_ENDPOINT}`,
    '      apiKey: sk-e2e',
    `      baseURL: ${sim.url}`,
    '      models:',
    `        default: [${BILLING_MODEL}]`,
    '      titleConvo: false',
    `balance: ${JSON.stringify({ enabled: true, startBalance: resolved.startBalance })}`,
    `subscriptions: ${JSON.stringify({ plans: resolved.plans })}`,
    `pricing: ${JSON.stringify({ models: { [BILLING_MODEL]: resolved.rate } })}`,
  ].join('\n');
  // No STRIPE_SECRET_KEY (the e2e run sets none): checkout is the app's own test mode.
  let server: AccountServer;
  try {
    // Its config brings its own endpoint (the billed simulator), so none is added.
    server = await startAccountServer({ extraConfig, withoutEndpoints: true });
  } catch (err) {
    await sim.close();
    throw err;
  }
  return {
    ...server,
    options: resolved,
    close: async () => {
      await server.close();
      await sim.close();
    },
  };
}

export const billingTest = base.extend<object, { billing: BillingServerOptions; server: BillingServer }>({
  billing: [{ startBalance: 20_000 }, { scope: 'worker', option: true }],
  server: [
    async ({ billing }, use) => {
      const server = await startBillingServer(billing);
      await use(server);
      await server.close();
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  baseURL: async ({ server }, use) => {
    await use(server.url);
  },
});
