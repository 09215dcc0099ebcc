import { z } from 'zod';
import { isRecord, parseWith, pickSettings, toIso } from './import-helpers.js';
import type { Importer, RawMessage } from './types.js';

/**
 * LibreChat's conversation export (and ours, which writes the same shape): `{conversationId,
 * title, endpoint, options, messages | messagesTree}`. With `recursive: true` the messages are a
 * tree of `children`; otherwise a flat list linked by `parentMessageId`.
 */
const textValue = z.union([z.string(), z.object({ value: z.string() })]);

const messageSchema = z.object({
  messageId: z.string().nullish(),
  parentMessageId: z.string().nullish(),
  text: z.string().nullish(),
  content: z.array(z.unknown()).nullish(),
  isCreatedByUser: z.boolean().nullish(),
  sender: z.string().nullish(),
  model: z.string().nullish(),
  createdAt: z.union([z.string(), z.number()]).nullish(),
  // Checked node by node while walking, never as a recursive schema: a 10,000-deep thread
  // would overflow the stack inside zod.
  children: z.array(z.unknown()).nullish(),
});

const partSchema = z.object({ type: z.string(), text: textValue.nullish(), think: textValue.nullish() });

const exportSchema = z.object({
  conversationId: z.string(),
  title: z.string().nullish(),
  endpoint: z.string().nullish(),
  endpointType: z.string().nullish(),
  recursive: z.boolean().nullish(),
  options: z.custom<Record<string, unknown>>(isRecord).nullish(),
  messagesTree: z.array(z.unknown()).nullish(),
  messages: z.array(z.unknown()).nullish(),
});

const valueOf = (v: z.infer<typeof textValue> | null | undefined): string => (typeof v === 'string' ? v : (v?.value ?? ''));

function messageBody(message: z.infer<typeof messageSchema>): { text: string; reasoning: string } {
  const texts: string[] = [];
  const thoughts: string[] = [];
  for (const raw of message.content ?? []) {
    const part = partSchema.safeParse(raw);
    if (!part.success) continue;
    if (part.data.type === 'text') texts.push(valueOf(part.data.text));
    else if (part.data.type === 'think') thoughts.push(valueOf(part.data.think));
  }
  return { text: message.text || texts.join(''), reasoning: thoughts.join('\n\n') };
}

export const librechatImporter: Importer = {
  format: 'librechat',
  label: 'LibreChat',
  collections: ['root'],
  detect: (value) =>
    isRecord(value) && typeof value.conversationId === 'string' && (Array.isArray(value.messages) || Array.isArray(value.messagesTree)),
  read(value) {
    const data = parseWith(exportSchema, value, 'The LibreChat export');
    const options = data.options ?? {};
    const isTree = data.recursive === true || Array.isArray(data.messagesTree);
    const roots = data.messagesTree ?? data.messages ?? [];
    const messages: RawMessage[] = [];
    // Depth-first with an explicit stack; children are pushed in reverse to keep their order.
    const stack = roots.map((node) => ({ node, parentId: null as string | null })).reverse();
    for (let entry = stack.pop(); entry; entry = stack.pop()) {
      const { node, parentId } = entry;
      const message = parseWith(messageSchema, node, `LibreChat message ${messages.length + 1}`);
      const id = message.messageId ?? `#${messages.length}`;
      const { text, reasoning } = messageBody(message);
      messages.push({
        id,
        parentId: isTree ? parentId : (message.parentMessageId ?? null),
        isCreatedByUser: message.isCreatedByUser ?? message.sender?.toLowerCase() === 'user',
        sender: message.sender ?? undefined,
        text,
        reasoning,
        createdAt: toIso(message.createdAt),
        model: message.model ?? null,
      });
      if (isTree && message.children) {
        for (let i = message.children.length - 1; i >= 0; i--) stack.push({ node: message.children[i], parentId: id });
      }
    }
    const model = typeof options.model === 'string' ? options.model : null;
    return [
      {
        title: data.title ?? (typeof options.title === 'string' ? options.title : null),
        endpoint: data.endpoint ?? (typeof options.endpoint === 'string' ? options.endpoint : null),
        endpointType: data.endpointType ?? (typeof options.endpointType === 'string' ? options.endpointType : null),
        model,
        settings: pickSettings(options),
        messages,
      },
    ];
  },
};
