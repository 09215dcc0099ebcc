import { z } from 'zod';
import { isRecord, parseWith, toIso } from './import-helpers.js';
import type { Importer, RawMessage } from './types.js';

/**
 * The claude.ai data export's `conversations.json`: an array of `{uuid, name, created_at,
 * chat_messages}`. Newer exports give each message a `parent_message_uuid` (the root's parent is
 * a fixed sentinel uuid that matches no message); older ones are a plain list in order.
 */
const blockSchema = z.object({
  type: z.string(),
  text: z.string().nullish(),
  thinking: z.string().nullish(),
});

const attachmentSchema = z.object({
  file_name: z.string().nullish(),
  extracted_content: z.string().nullish(),
});

const messageSchema = z.object({
  uuid: z.string().nullish(),
  text: z.string().nullish(),
  content: z.array(blockSchema).nullish(),
  sender: z.string(),
  created_at: z.string().nullish(),
  parent_message_uuid: z.string().nullish(),
  attachments: z.array(attachmentSchema).nullish(),
});

const conversationSchema = z.object({
  name: z.string().nullish(),
  created_at: z.string().nullish(),
  updated_at: z.string().nullish(),
  model: z.string().nullish(),
  chat_messages: z.array(messageSchema),
});

type ClaudeMessage = z.infer<typeof messageSchema>;

function messageBody(message: ClaudeMessage): { text: string; reasoning: string } {
  const blocks = message.content ?? [];
  const texts = blocks.flatMap((b) => (b.type === 'text' && b.text ? [b.text] : []));
  const thoughts = blocks.flatMap((b) => (b.type === 'thinking' && b.thinking ? [b.thinking] : []));
  let text = texts.length ? texts.join('\n\n') : (message.text ?? '');
  // Pasted or uploaded text files are part of what the user sent.
  for (const file of message.attachments ?? []) {
    if (file.extracted_content) text += `\n\n[${file.file_name ?? 'attachment'}]\n${file.extracted_content}`;
  }
  return { text, reasoning: thoughts.join('\n\n') };
}

export const claudeImporter: Importer = {
  format: 'claude',
  label: 'Claude',
  collections: ['$'],
  detect: (value) => isRecord(value) && Array.isArray(value.chat_messages),
  read(value) {
    const conversation = parseWith(conversationSchema, value, 'The Claude conversation');
    const ids = conversation.chat_messages.map((message, i) => message.uuid ?? `#${i}`);
    const messages: RawMessage[] = conversation.chat_messages.map((message, i) => {
      const id = ids[i] ?? `#${i}`;
      const previous = ids[i - 1] ?? null;
      const { text, reasoning } = messageBody(message);
      const role = message.sender;
      return {
        id,
        parentId: message.parent_message_uuid ?? previous,
        isCreatedByUser: role === 'human' || role === 'user',
        text,
        reasoning,
        createdAt: toIso(message.created_at),
        model: role === 'assistant' ? (conversation.model ?? null) : null,
        skip: role !== 'human' && role !== 'user' && role !== 'assistant',
      };
    });
    return [
      {
        title: conversation.name,
        createdAt: toIso(conversation.created_at),
        updatedAt: toIso(conversation.updated_at),
        endpoint: 'anthropic',
        model: conversation.model ?? null,
        assistantLabel: 'Claude',
        messages,
      },
    ];
  },
};
