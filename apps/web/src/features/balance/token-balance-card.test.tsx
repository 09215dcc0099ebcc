import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import balance from '../../locales/en-US/balance.json';
import { readTokenBalanceError } from '../chat/errors/model-error';
import { startupConfigQueryKey } from '../config/use-startup-config';
import { TokenBalanceCard } from './token-balance-card';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en-US', resources: { 'en-US': { balance } }, defaultNS: 'balance', showSupportNotice: false });
});

const TEXT = '{"type":"token_balance","balance":120.5,"tokenCost":1500,"promptTokens":600,"generations":0}';

function render(isBalanceEnabled: boolean): string {
  const client = new QueryClient();
  client.setQueryData(startupConfigQueryKey, { interface: {}, balance: { enabled: isBalanceEnabled } });
  const error = readTokenBalanceError(TEXT);
  if (!error) throw new Error('not read');
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <TokenBalanceCard error={error} messageId="m1" />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

describe('readTokenBalanceError', () => {
  it('reads the SPEC 8 body, and nothing from other errors', () => {
    expect(readTokenBalanceError(TEXT)).toEqual({
      type: 'token_balance',
      balance: 120.5,
      tokenCost: 1500,
      promptTokens: 600,
      generations: 0,
    });
    expect(readTokenBalanceError('{"type":"concurrent","limit":1}')).toBeNull();
    expect(readTokenBalanceError('Insufficient funds')).toBeNull();
    expect(readTokenBalanceError('{"type":"token_balance","balance":"x"}')).toMatchObject({ balance: 0, tokenCost: 0 });
  });
});

describe('TokenBalanceCard', () => {
  it('says the credits ran out, with the balance and the cost in two decimals, and offers the plans', () => {
    const html = render(true);
    expect(html).toContain('You&#x27;re out of credits');
    expect(/data-testid="token-balance-balance">([^<]*)</.exec(html)?.[1]).toBe('120.50');
    expect(/data-testid="token-balance-cost">([^<]*)</.exec(html)?.[1]).toBe('1,500.00');
    expect(html).toContain('data-testid="token-balance-see-plans"');
    expect(html).not.toContain('{&quot;type');
  });

  it('offers no plans when the balance is off', () => {
    expect(render(false)).not.toContain('token-balance-see-plans');
  });
});
