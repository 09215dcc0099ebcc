import { z } from 'zod';
import { chainParents, isRecord, parseWith } from './import-helpers.js';
import type { Importer } from './types.js';

/**
 * chatbot-ui v1 "Export data" (which LibreChat also imports): `{version, history: [{id, name,
 * messages: [{role, content}], model: {id}}], folders, prompts}`. Linear, without timestamps.
 */
const conversationSchema = z.object({
  name: z.string().nullish(),
  messages: z.array(z.object({ role: z.string(), content: z.string().nullish() })),
  model: z.object({ id: z.string().nullish() }).nullish(),
});

export const chatbotUiImporter: Importer = {
  format: 'chatbot-ui',
  label: 'chatbot-ui',
  collections: ['history'],
  detect: (value) => isRecord(value) && Array.isArray(value.messages),
  read(value) {
    const conversation = parseWith(conversationSchema, value, 'The chatbot-ui conversation');
    const model = conversation.model?.id ?? null;
    const messages = chainParents(
      conversation.messages.map((m, i) => ({
        id: `#${i}`,
        isCreatedByUser: m.role === 'user',
        text: m.content ?? '',
        model: m.role === 'assistant' ? model : null,
        skip: m.role !== 'user' && m.role !== 'assistant',
      })),
    );
    return [{ title: conversation.name, endpoint: 'openAI', model, assistantLabel: 'AI', messages }];
  },
};
