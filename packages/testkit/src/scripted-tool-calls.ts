import { randomBytes } from 'node:crypto';

/**
 * One tool call a scripted reply makes, in every simulator. The vendor's stream carries it in
 * its own shape (OpenAI `delta.tool_calls`, Anthropic `tool_use` blocks, Gemini `functionCall`
 * parts, Bedrock `toolUse` blocks).
 */
export interface ScriptedToolCall {
  /**
   * The call id the client must echo with the tool result. Default: a fresh id in the vendor's
   * style (`call_…`, `toolu_01…`, `tooluse_…`); Gemini sends no id unless one is given.
   */
  id?: string;
  /** The tool's name, as the request declared it. */
  name: string;
  /** The arguments; streamed as JSON text split into `chunkSize` pieces where the vendor streams them. */
  args: Record<string, unknown>;
}

/** A tool call with its id and its arguments as the JSON text that is streamed. */
export interface ResolvedToolCall {
  id: string;
  name: string;
  args: Record<string, unknown>;
  argsJson: string;
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `length` random alphanumerics, like the ids the vendors mint. */
export function randomAlphanumeric(length: number): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ID_ALPHABET[byte % ID_ALPHABET.length];
  return out;
}

/** Gives each call an id (`newId()` when the script sets none) and its arguments' JSON text. */
export function resolveToolCalls(calls: ScriptedToolCall[] | undefined, newId: () => string): ResolvedToolCall[] {
  return (calls ?? []).map((call) => ({
    id: call.id ?? newId(),
    name: call.name,
    args: call.args,
    argsJson: JSON.stringify(call.args),
  }));
}

/** The characters of all calls' arguments, for usage estimates. */
export const toolCallChars = (calls: ResolvedToolCall[]): number =>
  calls.reduce((sum, call) => sum + call.name.length + call.argsJson.length, 0);
