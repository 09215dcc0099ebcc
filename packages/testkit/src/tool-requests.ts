/**
 * Reads tools out of a request body in any simulator's vendor shape, so one agent-chat test can
 * assert the same thing against OpenAI (and Azure), Anthropic, Gemini and Bedrock. Each function
 * takes a recorded request (`sim.requests[i]`) or its body (what a responder receives). The vendor's raw fields stay
 * in `raw` for vendor-specific assertions.
 */

/** A tool the request declared. */
export interface DeclaredTool {
  name: string;
  description?: string;
  /** The JSON schema as sent: `parameters` (OpenAI, Gemini), `input_schema` (Anthropic), `inputSchema.json` (Bedrock). */
  schema: unknown;
  raw: Record<string, unknown>;
}

/** A tool result the request carried back to the model. */
export interface ToolResultMessage {
  /** The call id it answers; undefined for Gemini, which matches results by name. */
  id: string | undefined;
  /** The tool name, when the vendor's shape has it (Gemini). */
  name: string | undefined;
  /** The output as text: strings as sent, text blocks joined, JSON blocks stringified. */
  text: string;
  /** Marked as an error (Anthropic `is_error`, Bedrock `status: 'error'`). */
  isError: boolean;
  raw: Record<string, unknown>;
}

/** A tool call of an earlier assistant turn, as the request replays it. */
export interface ReplayedToolCall {
  id: string | undefined;
  name: string;
  args: unknown;
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
const asArray = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const asString = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const objects = (value: unknown): Json[] => asArray(value).filter(isObject);

function bodyOf(input: unknown): Json {
  if (isObject(input) && 'method' in input && 'path' in input && 'headers' in input) {
    return isObject(input.body) ? input.body : {};
  }
  return isObject(input) ? input : {};
}

/** Text of a result's content: a string, or text/json blocks (Anthropic, Bedrock). */
function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return content === undefined ? '' : JSON.stringify(content);
  return objects(content)
    .map((block) => {
      if (typeof block.text === 'string') return block.text;
      if ('json' in block) return JSON.stringify(block.json);
      return '';
    })
    .join('');
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** The tools a chat request declared, in order. */
export function declaredToolsOf(request: unknown): DeclaredTool[] {
  const body = bodyOf(request);
  // Gemini has a toolConfig too (functionCallingConfig), without tools.
  const toolConfig = isObject(body.toolConfig) && Array.isArray(body.toolConfig.tools) ? body.toolConfig : undefined;
  if (toolConfig) {
    // Bedrock: toolConfig.tools[{toolSpec: {name, description, inputSchema: {json}}}]
    return objects(toolConfig.tools).flatMap((tool) => {
      const spec = isObject(tool.toolSpec) ? tool.toolSpec : undefined;
      if (!spec) return [];
      const inputSchema = isObject(spec.inputSchema) ? spec.inputSchema : {};
      return [
        {
          name: asString(spec.name) ?? '',
          description: asString(spec.description),
          schema: inputSchema.json,
          raw: tool,
        },
      ];
    });
  }
  return objects(body.tools).flatMap((tool): DeclaredTool[] => {
    // OpenAI: {type: 'function', function: {name, description, parameters}}
    if (isObject(tool.function)) {
      const fn = tool.function;
      return [
        { name: asString(fn.name) ?? '', description: asString(fn.description), schema: fn.parameters, raw: tool },
      ];
    }
    // Gemini: {functionDeclarations: [{name, description, parameters}]}
    if (Array.isArray(tool.functionDeclarations)) {
      return objects(tool.functionDeclarations).map((fn) => ({
        name: asString(fn.name) ?? '',
        description: asString(fn.description),
        schema: fn.parameters,
        raw: fn,
      }));
    }
    // Anthropic: {name, description, input_schema}
    if (typeof tool.name === 'string') {
      return [{ name: tool.name, description: asString(tool.description), schema: tool.input_schema, raw: tool }];
    }
    return [];
  });
}

/** The tool results a chat request carried, in order. */
export function toolResultsOf(request: unknown): ToolResultMessage[] {
  const body = bodyOf(request);
  // Gemini: contents[].parts[].functionResponse {name, response}
  if (Array.isArray(body.contents)) {
    return objects(body.contents)
      .flatMap((content) => objects(content.parts))
      .flatMap((part) => (isObject(part.functionResponse) ? [part.functionResponse] : []))
      .map((response) => {
        const payload = isObject(response.response) ? response.response : {};
        const value = 'content' in payload ? payload.content : payload;
        return {
          id: asString(response.id),
          name: asString(response.name),
          text: typeof value === 'string' ? value : JSON.stringify(value),
          isError: false,
          raw: response,
        };
      });
  }
  const results: ToolResultMessage[] = [];
  for (const message of objects(body.messages)) {
    // OpenAI: {role: 'tool', tool_call_id, content}
    if (message.role === 'tool') {
      results.push({
        id: asString(message.tool_call_id),
        name: undefined,
        text: contentText(message.content),
        isError: false,
        raw: message,
      });
      continue;
    }
    for (const block of objects(message.content)) {
      // Anthropic: {type: 'tool_result', tool_use_id, content, is_error}
      if (block.type === 'tool_result') {
        results.push({
          id: asString(block.tool_use_id),
          name: undefined,
          text: contentText(block.content),
          isError: block.is_error === true,
          raw: block,
        });
      }
      // Bedrock: {toolResult: {toolUseId, content: [{text} | {json}], status}}
      if (isObject(block.toolResult)) {
        const result = block.toolResult;
        results.push({
          id: asString(result.toolUseId),
          name: undefined,
          text: contentText(result.content),
          isError: result.status === 'error',
          raw: result,
        });
      }
    }
  }
  return results;
}

/** The assistant tool calls a chat request replays from earlier turns, in order. */
export function replayedToolCallsOf(request: unknown): ReplayedToolCall[] {
  const body = bodyOf(request);
  if (Array.isArray(body.contents)) {
    return objects(body.contents)
      .flatMap((content) => objects(content.parts))
      .flatMap((part) => (isObject(part.functionCall) ? [part.functionCall] : []))
      .map((call) => ({ id: asString(call.id), name: asString(call.name) ?? '', args: call.args }));
  }
  const calls: ReplayedToolCall[] = [];
  for (const message of objects(body.messages)) {
    for (const call of objects(message.tool_calls)) {
      const fn = isObject(call.function) ? call.function : {};
      calls.push({
        id: asString(call.id),
        name: asString(fn.name) ?? '',
        args: parseJson(asString(fn.arguments) ?? ''),
      });
    }
    for (const block of objects(message.content)) {
      if (block.type === 'tool_use')
        calls.push({ id: asString(block.id), name: asString(block.name) ?? '', args: block.input });
      if (isObject(block.toolUse)) {
        const use = block.toolUse;
        calls.push({ id: asString(use.toolUseId), name: asString(use.name) ?? '', args: use.input });
      }
    }
  }
  return calls;
}
