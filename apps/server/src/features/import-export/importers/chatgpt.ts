import { z } from 'zod';
import { epochToIso, isRecord, parseWith } from './import-helpers.js';
import type { Importer, RawConversation, RawMessage } from './types.js';

/**
 * ChatGPT's data export, `conversations.json`: an array of conversations, each a `mapping` of
 * nodes `{id, message, parent, children}`. An edited prompt or a regenerated answer is a second
 * child of the same parent, so branches survive as siblings in our tree.
 */
const contentSchema = z.object({
  content_type: z.string(),
  parts: z.array(z.unknown()).nullish(),
  text: z.string().nullish(),
  language: z.string().nullish(),
  title: z.string().nullish(),
});

const messageSchema = z.object({
  author: z.object({ role: z.string(), name: z.string().nullish() }),
  create_time: z.number().nullish(),
  content: contentSchema,
  metadata: z
    .object({
      model_slug: z.string().nullish(),
      is_visually_hidden_from_conversation: z.boolean().nullish(),
    })
    .nullish(),
});

const nodeSchema = z.object({
  message: messageSchema.nullish(),
  parent: z.string().nullish(),
});

const conversationSchema = z.object({
  title: z.string().nullish(),
  create_time: z.number().nullish(),
  update_time: z.number().nullish(),
  default_model_slug: z.string().nullish(),
  mapping: z.record(z.string(), nodeSchema),
});

type ChatGptMessage = z.infer<typeof messageSchema>;

const VISIBLE_ROLES = new Set(['user', 'assistant', 'tool']);

/** The text ChatGPT shows for a node; '' for what it hides (reasoning, memory, custom instructions). */
function messageText(message: ChatGptMessage): string {
  const { content } = message;
  switch (content.content_type) {
    case 'text':
    case 'multimodal_text':
      return partsText(content.parts);
    case 'code':
      return content.text ? `\`\`\`${content.language && content.language !== 'unknown' ? content.language : ''}\n${content.text}\n\`\`\`` : '';
    case 'execution_output':
    case 'system_error':
      return content.text ?? '';
    case 'tether_quote':
      return content.text ? `> ${content.text.replace(/\n/g, '\n> ')}${content.title ? `\n\n— ${content.title}` : ''}` : '';
    case 'thoughts':
    case 'reasoning_recap':
    case 'tether_browsing_display':
    case 'user_editable_context':
    case 'model_editable_context':
      return '';
    default:
      return partsText(content.parts) || (content.text ?? '');
  }
}

function partsText(parts: unknown[] | null | undefined): string {
  if (!parts) return '';
  const texts: string[] = [];
  for (const part of parts) {
    if (typeof part === 'string') {
      if (part) texts.push(part);
    } else if (isRecord(part)) {
      if (part.content_type === 'audio_transcription' && typeof part.text === 'string') texts.push(part.text);
      else if (part.content_type === 'image_asset_pointer') texts.push('[image]');
    }
  }
  return texts.join('\n\n');
}

export const chatgptImporter: Importer = {
  format: 'chatgpt',
  label: 'ChatGPT',
  collections: ['$'],
  detect: (value) => isRecord(value) && isRecord(value.mapping),
  read(value) {
    const conversation = parseWith(conversationSchema, value, 'The ChatGPT conversation');
    const messages: RawMessage[] = [];
    for (const [id, node] of Object.entries(conversation.mapping)) {
      const message = node.message;
      const role = message?.author.role ?? '';
      const text = message ? messageText(message) : '';
      messages.push({
        id,
        parentId: node.parent ?? null,
        isCreatedByUser: role === 'user',
        sender: role === 'tool' ? 'Tool' : undefined,
        text,
        createdAt: epochToIso(message?.create_time),
        model: message?.metadata?.model_slug ?? null,
        // The root and system nodes carry no message or a hidden one; keep them for the links.
        skip: !message || !VISIBLE_ROLES.has(role) || message.metadata?.is_visually_hidden_from_conversation === true,
      });
    }
    const result: RawConversation = {
      title: conversation.title,
      createdAt: epochToIso(conversation.create_time),
      updatedAt: epochToIso(conversation.update_time),
      endpoint: 'openAI',
      model: conversation.default_model_slug ?? null,
      assistantLabel: 'ChatGPT',
      messages,
    };
    return [result];
  },
};
