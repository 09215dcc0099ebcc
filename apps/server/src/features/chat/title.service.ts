import { TEXT_LIMITS } from '@confab/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { CommitGroup } from '../../db/commit-group.js';
import { createProvider } from '../../providers/provider-factory.js';
import { touchConversation } from '../conversations/conversations.repo.js';
import type { KeysService } from '../keys/keys.service.js';
import type { FirstExchange } from './run-generation.js';

const TITLE_PROMPT =
  'Write a short title (at most 7 words) for the conversation below, in its language. Reply with the title only: no quotes, no trailing punctuation.';
const WAIT_LIMIT_MS = 20_000;

/** A readable title from model output, or from the user's words when the model fails. */
export function cleanTitle(raw: string): string {
  const line = raw.replace(/^\s*(title\s*:)?/i, '').split('\n').find((l) => l.trim()) ?? '';
  // Models often answer in markdown; a title is plain text in the sidebar.
  const plain = line
    .slice(0, 500)
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images keep their text
    .replace(/(\*\*|__|`)(.+?)\1/g, '$2') // bold, code
    .replace(/(^|[\s(])[*_]([^*_\s](?:[^*_]*[^*_\s])?)[*_](?=$|[\s).,!?:;])/g, '$1$2') // italics, not snake_case
    .replace(/\s+/g, ' ');
  return plain.trim().replace(/^["'“”‘’*#\s]+|["'“”‘’*.\s]+$/g, '').slice(0, TEXT_LIMITS.renameMax);
}

export function titleFromText(text: string): string {
  const words = text.replace(/\s+/g, ' ').trim();
  return (words.length > 50 ? `${words.slice(0, 47).trimEnd()}...` : words) || 'New Chat';
}

/**
 * Titles are generated in the background right after the first exchange; the client asks for
 * the result 2.5 s later through gen_title, which waits for the pending one.
 */
export class TitleService {
  private pending = new Map<string, Promise<void>>();

  constructor(
    private readonly commits: CommitGroup,
    private readonly keys: KeysService,
    private readonly log: FastifyBaseLogger,
  ) {}

  schedule(userId: string, exchange: FirstExchange): void {
    const key = `${userId}:${exchange.conversationId}`;
    const work = this.generate(userId, exchange)
      .then(async (title) => {
        // Only over the default title: a rename the user made while this one was written is kept.
        await this.commits.run((trx) => touchConversation(trx, userId, exchange.conversationId, { titleIfDefault: title }));
      })
      // Not stored (the database is closing, say): the conversation keeps "New Chat", and
      // gen_title answers as if no title were pending.
      .catch((err: unknown) => this.log.warn({ err }, 'failed to store a conversation title'))
      // Stored (or given up): gen_title reads the conversation without waiting.
      .finally(() => {
        if (this.pending.get(key) === work) this.pending.delete(key);
      });
    this.pending.set(key, work);
  }

  /** Waits (up to WAIT_LIMIT_MS) until the title being generated for this conversation, if any, is stored (owner-scoped by key). */
  async waitFor(userId: string, conversationId: string): Promise<void> {
    const work = this.pending.get(`${userId}:${conversationId}`);
    if (!work) return;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => (timer = setTimeout(resolve, WAIT_LIMIT_MS)));
    try {
      await Promise.race([work, timeout]);
    } finally {
      clearTimeout(timer);
    }
  }

  private async generate(userId: string, exchange: FirstExchange): Promise<string> {
    const fallback = titleFromText(exchange.userText);
    try {
      const model =
        exchange.endpoint.titleModel && exchange.endpoint.titleModel !== 'current_model' ? exchange.endpoint.titleModel : exchange.model;
      const credentials = await this.keys.resolve(userId, exchange.endpoint);
      const raw = await createProvider(exchange.endpoint, credentials).complete({
        model,
        settings: { temperature: 0.2, max_tokens: 32 },
        messages: [
          { role: 'system', content: TITLE_PROMPT },
          { role: 'user', content: `User: ${exchange.userText.slice(0, 2000)}\n\nAssistant: ${exchange.replyText.slice(0, 2000)}` },
        ],
        signal: AbortSignal.timeout(WAIT_LIMIT_MS),
      });
      return cleanTitle(raw) || fallback;
    } catch (err) {
      this.log.warn({ err }, 'title generation failed');
      return fallback;
    }
  }
}
