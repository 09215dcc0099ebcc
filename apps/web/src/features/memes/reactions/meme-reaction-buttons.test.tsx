import type { MemeReactionsResponse } from '@confab/shared';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import i18next from 'i18next';
import { renderToStaticMarkup } from 'react-dom/server';
import { I18nextProvider, initReactI18next } from 'react-i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { TooltipProvider } from '../../../components/ui/tooltip';
import memeMedia from '../../../locales/en-US/meme-media.json';
import { memeReactionsQueryKey } from './meme-reactions-api';
import { MemeReactionButtons } from './meme-reaction-buttons';

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.use(initReactI18next).init({
    lng: 'en-US',
    resources: { 'en-US': { 'meme-media': memeMedia } },
    showSupportNotice: false,
  });
});

function render(props: { conversationId: string; shareId?: string }, seed: MemeReactionsResponse): string {
  const client = new QueryClient();
  client.setQueryData(
    props.shareId ? memeReactionsQueryKey({ shareId: props.shareId }) : memeReactionsQueryKey(props),
    seed,
  );
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <I18nextProvider i18n={i18n}>
        <TooltipProvider>
          <MemeReactionButtons messageId="m1" toolCallId="c1" {...props} />
        </TooltipProvider>
      </I18nextProvider>
    </QueryClientProvider>,
  );
}

const tagOf = (html: string, testId: string) => new RegExp(`<[^>]*data-testid="${testId}"[^>]*>`).exec(html)?.[0] ?? '';

describe('MemeReactionButtons', () => {
  it("presses the caller's own reaction and shows both counts", () => {
    const html = render(
      { conversationId: 'conv-1' },
      { reactions: { m1: { c1: { likes: 3, dislikes: 1, mine: 'like' } } } },
    );
    expect(tagOf(html, 'meme-like')).toContain('aria-pressed="true"');
    expect(tagOf(html, 'meme-like')).toContain('aria-label="Remove like (3 likes)"');
    expect(tagOf(html, 'meme-dislike')).toContain('aria-pressed="false"');
    expect(tagOf(html, 'meme-dislike')).toContain('data-count="1"');
  });

  it('waits for a saved conversation before offering a reaction', () => {
    const html = render({ conversationId: 'new' }, { reactions: {} });
    expect(tagOf(html, 'meme-like')).toMatch(/disabled=""/);
  });

  it('shows a shared page counts only: nothing to press, nobody named', () => {
    const html = render(
      { conversationId: '', shareId: 'share-1' },
      { reactions: { m1: { c1: { likes: 2, dislikes: 0 } } } },
    );
    expect(html).not.toContain('<button');
    expect(html).not.toContain('aria-pressed');
    expect(tagOf(html, 'meme-like')).toContain('aria-label="2 likes"');
    expect(tagOf(html, 'meme-dislike')).toContain('aria-label="0 dislikes"');
  });
});
