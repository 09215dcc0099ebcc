import { z } from 'zod';
import { chainParents, epochToIso, isRecord, parseWith, partsToText, toIso } from './import-helpers.js';
import type { Importer } from './types.js';

/**
 * NextChat (ChatGPT-Next-Web) "Export" backup: the persisted stores keyed by name, the chats in
 * `chat-next-web-store.sessions` (or a bare chat store with `sessions`). A session is `{id,
 * topic, messages: [{id, role, content, date, model}], lastUpdate, mask}`; `date` is whatever
 * `toLocaleString()` gave in the user's browser. The backup's other stores (access keys among
 * them) are never read.
 */
const sessionSchema = z.object({
  topic: z.string().nullish(),
  lastUpdate: z.number().nullish(),
  messages: z.array(
    z.object({
      id: z.string().nullish(),
      role: z.string(),
      content: z.unknown(),
      date: z.string().nullish(),
      model: z.string().nullish(),
    }),
  ),
  mask: z.object({ modelConfig: z.object({ model: z.string().nullish() }).nullish() }).nullish(),
});

export const nextchatImporter: Importer = {
  format: 'nextchat',
  label: 'NextChat',
  collections: ['chat-next-web-store.sessions', 'sessions'],
  detect: (value) => isRecord(value) && Array.isArray(value.messages) && ('topic' in value || 'mask' in value),
  read(value) {
    const session = parseWith(sessionSchema, value, 'The NextChat session');
    const model = session.mask?.modelConfig?.model ?? null;
    const messages = chainParents(
      session.messages.map((m, i) => ({
        id: `#${i}`,
        isCreatedByUser: m.role === 'user',
        text: partsToText(m.content),
        createdAt: toIso(m.date),
        model: m.role === 'assistant' ? (m.model ?? model) : null,
        skip: m.role !== 'user' && m.role !== 'assistant',
      })),
    );
    return [{ title: session.topic, updatedAt: epochToIso(session.lastUpdate), endpoint: 'openAI', model, assistantLabel: 'AI', messages }];
  },
};
