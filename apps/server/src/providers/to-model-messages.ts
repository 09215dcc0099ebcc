import type { AssistantContent, ModelMessage, ToolContent, UserContent } from 'ai';
import type { ChatContentPart, ChatTurn, ChatTurnSegment, ProviderRequestSettings } from './types.js';

/** The system prompt of a request: the preset's promptPrefix and the system setting, in that order. */
export function buildSystemPrompt(settings: Pick<ProviderRequestSettings, 'promptPrefix' | 'system'>): string {
  return [settings.promptPrefix, settings.system].filter((v): v is string => Boolean(v?.trim())).join('\n\n');
}

type ImageOptions = { providerOptions: { openai: { imageDetail: string } } } | Record<string, never>;

function toUserContent(parts: ChatContentPart[], imageOptions: ImageOptions): UserContent {
  return parts.map((part) => {
    if (part.type === 'text') return { type: 'text' as const, text: part.text };
    // A URL the SDK passes on (or downloads for vendors that only take bytes); data is base64.
    if ('url' in part)
      return {
        type: 'image' as const,
        image: new URL(part.url),
        ...(part.mediaType ? { mediaType: part.mediaType } : {}),
        ...imageOptions,
      };
    return { type: 'image' as const, image: part.data, mediaType: part.mediaType, ...imageOptions };
  });
}

/**
 * A tool loop's assistant turn as the SDK's messages: text and tool calls, then their results,
 * then the text that followed, and so on.
 */
function toolLoopMessages(segments: ChatTurnSegment[]): ModelMessage[] {
  const messages: ModelMessage[] = [];
  let assistant: Exclude<AssistantContent, string> = [];
  let results: ToolContent = [];
  const flush = () => {
    if (assistant.length) messages.push({ role: 'assistant', content: assistant });
    if (results.length) messages.push({ role: 'tool', content: results });
    assistant = [];
    results = [];
  };
  for (const segment of segments) {
    if (segment.type === 'text') {
      // Text after tool results starts the next model call's message.
      if (results.length) flush();
      if (segment.text) assistant.push({ type: 'text', text: segment.text });
      continue;
    }
    assistant.push({ type: 'tool-call', toolCallId: segment.id, toolName: segment.name, input: segment.input });
    results.push({
      type: 'tool-result',
      toolCallId: segment.id,
      toolName: segment.name,
      output: { type: 'text', value: segment.output },
    });
  }
  flush();
  return messages;
}

const textOf = (turn: ChatTurn): string =>
  turn.parts ? turn.parts.map((p) => (p.type === 'text' ? p.text : '')).join('') : turn.content;

/**
 * Our turns as AI SDK messages, with the system prompt first. Images go only in user turns
 * (no vendor accepts them from the assistant or the system); elsewhere a turn is its text.
 */
export function toModelMessages(
  turns: ChatTurn[],
  system: string,
  options: { imageDetail?: string | null | undefined } = {},
): ModelMessage[] {
  // OpenAI's image detail (SPEC 3 imageDetail); other vendors ignore the option.
  const imageOptions: ImageOptions = options.imageDetail
    ? { providerOptions: { openai: { imageDetail: options.imageDetail } } }
    : {};
  const messages: ModelMessage[] = system ? [{ role: 'system', content: system }] : [];
  for (const turn of turns) {
    if (turn.role === 'user')
      messages.push({ role: 'user', content: turn.parts ? toUserContent(turn.parts, imageOptions) : turn.content });
    else if (turn.role === 'assistant' && turn.segments?.some((segment) => segment.type === 'tool'))
      messages.push(...toolLoopMessages(turn.segments));
    else messages.push({ role: turn.role, content: textOf(turn) });
  }
  return messages;
}

/**
 * A base URL with the API version path the SDK expects: LibreChat's reverse-proxy variables
 * are hosts (`https://proxy`), the AI SDK wants `https://proxy/v1`.
 * @example withVersionPath('https://proxy/', '/v1') // 'https://proxy/v1'
 */
export function withVersionPath(url: string, versionPath: string, accepted: string[] = [versionPath]): string {
  const trimmed = url.replace(/\/+$/, '');
  return accepted.some((path) => trimmed.endsWith(path)) ? trimmed : `${trimmed}${versionPath}`;
}
