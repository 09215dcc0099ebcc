import { z } from 'zod';
import { chainParents, epochToIso, isRecord, parseWith } from './import-helpers.js';
import type { Importer } from './types.js';

/**
 * big-AGI's exports: "Backup all" is `{conversations: [...], models, folders}`, a single chat is
 * the conversation itself `{id, messages, systemPurposeId, userTitle, autoTitle, created,
 * updated}`. Messages are the current shape `{id, role, fragments: [{ft, part: {pt, text}}],
 * generator: {name}, created}` or the older `{id, role, text, originLLM, created}`.
 */
const fragmentSchema = z.object({
  ft: z.string(),
  title: z.string().nullish(),
  part: z.object({ pt: z.string(), text: z.string().nullish(), data: z.object({ text: z.string().nullish() }).nullish() }).nullish(),
});

const messageSchema = z.object({
  id: z.string().nullish(),
  role: z.string(),
  text: z.string().nullish(),
  fragments: z.array(fragmentSchema).nullish(),
  generator: z.object({ name: z.string().nullish() }).nullish(),
  originLLM: z.string().nullish(),
  created: z.number().nullish(),
});

const conversationSchema = z.object({
  userTitle: z.string().nullish(),
  autoTitle: z.string().nullish(),
  messages: z.array(messageSchema),
  created: z.number().nullish(),
  updated: z.number().nullish(),
});

function messageText(message: z.infer<typeof messageSchema>): string {
  if (!message.fragments) return message.text ?? '';
  const texts: string[] = [];
  for (const fragment of message.fragments) {
    const part = fragment.part;
    if (fragment.ft === 'content' && part?.pt === 'text' && part.text) texts.push(part.text);
    // Attached documents are part of what the user sent.
    else if (fragment.ft === 'attachment' && part?.pt === 'doc' && part.data?.text) texts.push(`[${fragment.title ?? 'attachment'}]\n${part.data.text}`);
  }
  return texts.join('\n\n');
}

export const bigAgiImporter: Importer = {
  format: 'big-agi',
  label: 'big-AGI',
  collections: ['conversations', 'root'],
  detect: (value) =>
    isRecord(value) && Array.isArray(value.messages) && typeof value.id === 'string' && !('conversationId' in value) && !('topic' in value),
  read(value) {
    const conversation = parseWith(conversationSchema, value, 'The big-AGI conversation');
    const messages = chainParents(
      conversation.messages.map((m, i) => ({
        id: `#${i}`,
        isCreatedByUser: m.role === 'user',
        text: messageText(m),
        createdAt: epochToIso(m.created),
        model: m.role === 'assistant' ? (m.generator?.name ?? m.originLLM ?? null) : null,
        skip: m.role !== 'user' && m.role !== 'assistant',
      })),
    );
    const model = [...messages].reverse().find((m) => m.model)?.model ?? null;
    return [
      {
        title: conversation.userTitle || conversation.autoTitle,
        createdAt: epochToIso(conversation.created),
        updatedAt: epochToIso(conversation.updated),
        endpoint: 'openAI',
        model,
        assistantLabel: 'AI',
        messages,
      },
    ];
  },
};
