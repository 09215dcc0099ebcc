import type { ChatCompletionRequest, ScriptedReply } from '@confab/testkit';

/**
 * How the browser tests script the provider simulator: markers in the user's message pick
 * the reply. Without a marker the reply echoes the message quickly.
 *
 * - `[[slow]]`      60 numbered words, 80 ms apart (stop, reload-mid-stream tests)
 * - `[[slower]]`    the same words, 200 ms apart: still streaming after a page reload on a busy machine
 * - `[[error:KIND]]` the real OpenAI error for KIND (invalid_api_key, insufficient_quota, rate_limit,
 *                   context_length_exceeded, content_filter, server_error)
 * - `[[markdown]]`  a reply with a table, a code block and math
 * - `[[think]]`     reasoning first, then the answer
 * - `[[length]]`    a reply cut by the token limit (finish_reason "length": Continue is offered)
 * - `[[files]]`     says what reached the model of the message's files: how many images, which documents
 * - `[[tool:NAME]]` calls the declared tool whose name starts with NAME (an agent's MCP tool is
 *                   `{tool}_mcp_{server}`) with `{ text: 'hello' }`; once the tool's result is
 *                   back, answers with it
 */
export const SLOW_WORDS = Array.from({ length: 60 }, (_, i) => `word${i + 1}`);

export const MARKDOWN_REPLY = [
  'Here is a table:',
  '',
  '| Name | Value |',
  '| --- | --- |',
  '| alpha | 1 |',
  '| beta | 2 |',
  '',
  '```ts',
  'const answer: number = 42;',
  '```',
  '',
  'And math: $E = mc^2$',
].join('\n');

function textOf(message: ChatCompletionRequest['messages'][number] | undefined): string {
  const content = message?.content;
  if (typeof content === 'string') return content;
  return (content ?? []).map((p) => p.text ?? '').join('');
}

/** What the model received of the files: image parts, and the documents named in the text. */
function describeFiles(message: ChatCompletionRequest['messages'][number] | undefined): string {
  const content = message?.content;
  const images = Array.isArray(content) ? content.filter((p) => p.type === 'image_url' || p.type === 'image').length : 0;
  const documents = [...textOf(message).matchAll(/<attached_file name="([^"]+)"/g)].map((m) => m[1]);
  return `Received ${images} image(s) and ${documents.length} document(s)${documents.length ? `: ${documents.join(', ')}` : ''}.`;
}

/** The names of the tools the request declares (OpenAI's `tools: [{ type: 'function', function: { name } }]`). */
function declaredTools(request: ChatCompletionRequest): string[] {
  const tools = Array.isArray(request.tools) ? (request.tools as { function?: { name?: unknown } }[]) : [];
  return tools.map((t) => t.function?.name).filter((name): name is string => typeof name === 'string');
}

/** `[[tool:NAME]]`: a tool call first, then (with the result in the history) the final answer. */
function toolReply(request: ChatCompletionRequest, prefix: string): ScriptedReply {
  const last = request.messages[request.messages.length - 1];
  if (last?.role === 'tool') return { text: `The tool answered: ${textOf(last)}`, chunkSize: 6, delayMs: 10 };
  const name = declaredTools(request).find((n) => n.startsWith(prefix));
  if (!name) return { text: `No tool named ${prefix} was offered.` };
  return { text: 'Let me check. ', toolCalls: [{ name, args: { text: 'hello' } }], chunkSize: 5, delayMs: 20 };
}

export function scriptReply(request: ChatCompletionRequest): ScriptedReply {
  const system = request.messages.find((m) => m.role === 'system');
  const lastUser = [...request.messages].reverse().find((m) => m.role === 'user');
  const text = textOf(lastUser);
  if (system && textOf(system).includes('short title')) {
    const words = text.replace(/^User:\s*/, '').split(/\s+/).slice(0, 4).join(' ');
    return { text: `Chat about ${words.replace(/\[\[.*?\]\]/g, '').trim() || 'things'}` };
  }
  const tool = text.match(/\[\[tool:(\w+)\]\]/);
  if (tool?.[1]) return toolReply(request, tool[1]);
  if (text.includes('[[slow]]')) return { text: SLOW_WORDS.join(' '), chunkSize: 7, delayMs: 80 };
  if (text.includes('[[slower]]')) return { text: SLOW_WORDS.join(' '), chunkSize: 7, delayMs: 200 };
  const error = text.match(/\[\[error:(\w+)\]\]/);
  if (error) {
    const kind = error[1] as NonNullable<ScriptedReply['error']>['kind'];
    const status = kind === 'invalid_api_key' ? 401 : kind === 'insufficient_quota' || kind === 'rate_limit' ? 429 : kind === 'server_error' ? 500 : 400;
    return { error: { status, kind } };
  }
  if (text.includes('[[markdown]]')) return { text: MARKDOWN_REPLY, chunkSize: 12, delayMs: 5 };
  if (text.includes('[[think]]')) return { reasoning: 'Considering the question carefully.', text: 'Thought it through.', delayMs: 10 };
  if (text.includes('[[length]]')) return { text: 'This reply was cut', finishReason: 'length' };
  if (text.includes('[[files]]')) return { text: describeFiles(lastUser), chunkSize: 8, delayMs: 5 };
  return { text: `Echo: ${text}`, chunkSize: 4, delayMs: 10 };
}
