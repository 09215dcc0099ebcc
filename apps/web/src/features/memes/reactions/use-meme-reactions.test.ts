import { memeReactionBodySchema, type MemeReactionsResponse } from '@confab/shared';
import { MutationObserver, QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setAccessToken } from '../../../lib/api-client';
import { memeReactionsQueryKey } from './meme-reactions-api';
import { reactionMutationOptions } from './use-meme-reactions';

interface Sent {
  method: string;
  url: string;
  body: unknown;
}

/** A fake server: PUT /api/memes/reactions answers `status` once `gate` opens; events are recorded. */
function installServer(status: number, gate: Promise<void> = Promise.resolve()) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      sent.push({ method: init.method ?? 'GET', url, body: init.body ? JSON.parse(String(init.body)) : undefined });
      if (url === '/api/memes/reactions') await gate;
      return new Response(status === 204 ? null : JSON.stringify({ message: 'nope' }), { status });
    }),
  );
  return sent;
}

const queryKey = memeReactionsQueryKey({ conversationId: 'conv-1' });
const seeded = (): MemeReactionsResponse => ({
  reactions: { m1: { c1: { likes: 1, dislikes: 0, mine: null }, c2: { likes: 0, dislikes: 2, mine: 'dislike' } } },
});
const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

function toggler(queryClient: QueryClient, toolCallId: string, onFailure = vi.fn()) {
  const observer = new MutationObserver(
    queryClient,
    reactionMutationOptions({ queryClient, queryKey, messageId: 'm1', toolCallId, onFailure }),
  );
  return { mutate: (reaction: 'like' | 'dislike') => observer.mutate(reaction).catch(() => undefined), onFailure };
}

let queryClient: QueryClient;

beforeEach(() => {
  setAccessToken('token-1');
  queryClient = new QueryClient();
  queryClient.setQueryData(queryKey, seeded());
});

afterEach(() => {
  setAccessToken(null);
  vi.unstubAllGlobals();
});

describe('toggling a meme reaction', () => {
  it('shows the like at once, sends the shared contract’s body, and reports meme_liked', async () => {
    let open: () => void = () => undefined;
    const sent = installServer(204, new Promise<void>((resolve) => (open = resolve)));
    const { mutate } = toggler(queryClient, 'c1');
    const done = mutate('like');
    await flush();
    expect(queryClient.getQueryData<MemeReactionsResponse>(queryKey)?.reactions.m1?.c1).toEqual({
      likes: 2,
      dislikes: 0,
      mine: 'like',
    });
    open();
    await done;
    await flush();
    const put = sent.find((s) => s.method === 'PUT');
    expect(put?.url).toBe('/api/memes/reactions');
    expect(memeReactionBodySchema.parse(put?.body)).toEqual({ messageId: 'm1', toolCallId: 'c1', reaction: 'like' });
    expect(sent.filter((s) => s.url === '/api/events').map((s) => s.body)).toEqual([
      { type: 'meme_liked', metadata: {} },
    ]);
  });

  it('taking a dislike back is no event', async () => {
    const sent = installServer(204);
    await toggler(queryClient, 'c2').mutate('dislike');
    await flush();
    expect(queryClient.getQueryData<MemeReactionsResponse>(queryKey)?.reactions.m1?.c2).toEqual({
      likes: 0,
      dislikes: 1,
      mine: null,
    });
    expect(sent.filter((s) => s.url === '/api/events')).toEqual([]);
  });

  it('rolls the slot back when the server refuses, keeping the other slots’ changes, and tells the user', async () => {
    installServer(500);
    const failing = toggler(queryClient, 'c1');
    const done = failing.mutate('dislike');
    // Another slot changes meanwhile (its own optimistic update).
    queryClient.setQueryData<MemeReactionsResponse>(queryKey, (data) => ({
      reactions: { m1: { ...data?.reactions.m1, c2: { likes: 5, dislikes: 0, mine: 'like' } } },
    }));
    await done;
    expect(queryClient.getQueryData<MemeReactionsResponse>(queryKey)?.reactions.m1).toEqual({
      c1: { likes: 1, dislikes: 0, mine: null },
      c2: { likes: 5, dislikes: 0, mine: 'like' },
    });
    expect(failing.onFailure).toHaveBeenCalledOnce();
  });
});
