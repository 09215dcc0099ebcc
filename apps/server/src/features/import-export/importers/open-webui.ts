import { z } from 'zod';
import { epochToIso, isRecord, parseWith, partsToText } from './import-helpers.js';
import type { Importer, RawMessage } from './types.js';

/**
 * Open WebUI's "Export chats": an array of `{id, title, chat, created_at, updated_at}` where
 * `chat.history.messages` is the tree (`{id, parentId, childrenIds, role, content, timestamp,
 * model}` keyed by id) and `chat.messages` the visible branch. Times are epoch seconds.
 */
const messageSchema = z.object({
  id: z.string().nullish(),
  parentId: z.string().nullish(),
  role: z.string(),
  content: z.unknown(),
  timestamp: z.number().nullish(),
  model: z.string().nullish(),
});

const chatSchema = z.object({
  title: z.string().nullish(),
  models: z.array(z.string()).nullish(),
  history: z.object({ messages: z.record(z.string(), messageSchema) }).nullish(),
  messages: z.array(messageSchema).nullish(),
});

const itemSchema = z.object({
  title: z.string().nullish(),
  chat: chatSchema,
  created_at: z.number().nullish(),
  updated_at: z.number().nullish(),
});

type OpenWebUiMessage = z.infer<typeof messageSchema>;

/**
 * Open WebUI keeps reasoning and tool calls inline as `<details type="...">` blocks. Reasoning
 * moves to its own part; tool-call blocks are dropped, since we render markdown without HTML.
 * Plain index scans, not a regex, so a hostile text cannot make this quadratic.
 */
export function splitDetails(content: string): { text: string; reasoning: string } {
  let text = '';
  const reasoning: string[] = [];
  let from = 0;
  for (;;) {
    const start = content.indexOf('<details', from);
    const end = start < 0 ? -1 : content.indexOf('</details>', start);
    const tagEnd = start < 0 ? -1 : content.indexOf('>', start);
    if (start < 0 || end < 0 || tagEnd < 0 || tagEnd > end) break;
    text += content.slice(from, start);
    const tag = content.slice(start, tagEnd + 1);
    if (/type="reasoning"/.test(tag)) {
      const inner = content.slice(tagEnd + 1, end);
      const summaryEnd = inner.indexOf('</summary>');
      reasoning.push(unescapeQuote(summaryEnd >= 0 ? inner.slice(summaryEnd + '</summary>'.length) : inner));
    } else if (!/type="(tool_calls|code_interpreter)"/.test(tag)) {
      text += content.slice(start, end + '</details>'.length);
    }
    from = end + '</details>'.length;
  }
  text += content.slice(from);
  return { text: text.trim(), reasoning: reasoning.join('\n\n').trim() };
}

/** Reasoning is stored HTML-escaped as a markdown quote. */
function unescapeQuote(value: string): string {
  return value
    .replace(/^\s*&gt; ?/gm, '')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

function toRaw(message: OpenWebUiMessage, id: string, parentId: string | null): RawMessage {
  const { text, reasoning } = splitDetails(partsToText(message.content));
  return {
    id,
    parentId,
    isCreatedByUser: message.role === 'user',
    sender: message.role === 'assistant' && message.model ? message.model : undefined,
    text,
    reasoning,
    createdAt: epochToIso(message.timestamp),
    model: message.role === 'assistant' ? (message.model ?? null) : null,
    skip: message.role !== 'user' && message.role !== 'assistant',
  };
}

export const openWebUiImporter: Importer = {
  format: 'open-webui',
  label: 'Open WebUI',
  collections: ['$'],
  detect: (value) => isRecord(value) && isRecord(value.chat) && (isRecord(value.chat.history) || Array.isArray(value.chat.messages)),
  read(value) {
    const item = parseWith(itemSchema, value, 'The Open WebUI chat');
    const tree = item.chat.history?.messages;
    let messages: RawMessage[];
    if (tree && Object.keys(tree).length) {
      messages = Object.entries(tree).map(([key, m]) => toRaw(m, m.id ?? key, m.parentId ?? null));
    } else {
      // No history: the visible list, linked by its parent ids or else in order.
      const list = item.chat.messages ?? [];
      const ids = list.map((m, i) => m.id ?? `#${i}`);
      messages = list.map((m, i) => toRaw(m, ids[i] ?? `#${i}`, m.parentId ?? ids[i - 1] ?? null));
    }
    return [
      {
        title: item.title ?? item.chat.title,
        createdAt: epochToIso(item.created_at),
        updatedAt: epochToIso(item.updated_at),
        endpoint: 'openAI',
        model: item.chat.models?.[0] ?? null,
        assistantLabel: 'AI',
        messages,
      },
    ];
  },
};
