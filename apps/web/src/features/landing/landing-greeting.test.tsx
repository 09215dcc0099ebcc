import type { StartupConfig } from '@confab/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import common from '../../locales/en-US/common.json';
import { startupConfigQueryKey } from '../config/use-startup-config';
import { LandingGreeting } from './landing-greeting';

const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n
    .use(initReactI18next)
    .init({ lng: 'en-US', resources: { 'en-US': { common } }, defaultNS: 'common', showSupportNotice: false });
});

function renderWith(config: Partial<StartupConfig>): string {
  const client = new QueryClient();
  client.setQueryData(startupConfigQueryKey, { interface: {}, ...config });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <LandingGreeting />
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const description = (html: string) => /data-testid="landing-description">([^<]*)</.exec(html)?.[1];

describe('LandingGreeting', () => {
  it('speaks to the video-platform audience with its own description line', () => {
    expect(description(renderWith({ audience: 'video' }))).toBe('Make memes and short videos for your channel');
  });

  it('keeps the usual line for any other audience, or none', () => {
    expect(description(renderWith({}))).toBe('How can I help you today?');
    expect(description(renderWith({ audience: 'teams' }))).toBe('How can I help you today?');
  });

  it('shows no description under a configured welcome text, whatever the audience', () => {
    const html = renderWith({ audience: 'video', customWelcome: 'Hi {{user}}' });
    expect(html).toContain('Hi there');
    expect(description(html)).toBeUndefined();
  });
});
