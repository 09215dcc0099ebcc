import type { AskRequest, MergedFileConfig, ModelSettings } from '@confab/shared';
import type { StorageAdapter } from '../../platform/storage/storage.js';
import type { ProviderTool } from '../../providers/types.js';

/**
 * What a chat run is given beside the request: where its files are read from, how it is stored,
 * an agent's tools, and the model settings a request may carry (split from chat.service.ts).
 */

/** Where attached files are read from and the limits they are held to. */
export interface ChatFiles {
  /** Absent until the app has a store: images are then not sent. */
  storage?: StorageAdapter | undefined;
  config: MergedFileConfig;
}

/**
 * How a chat is stored: its conversation's endpoint, type and settings. A stored agent's chat is
 * kept under `agents` with its agent_id, as LibreChat keeps it, so the next message goes to the
 * agent again; other chats under their model endpoint.
 */
export interface StoredAs {
  endpoint: string;
  endpointType: string | null;
  settings: ModelSettings;
  /** The reply's sender (an agent's name). */
  sender?: string | undefined;
}

/** An agent's part of a chat: its tools (bound to the reply once it exists) and its step limit. */
export interface AgentChatRun {
  agentId?: string | undefined;
  agentName?: string | null | undefined;
  tools(reply: {
    conversationId: string;
    messageId: string;
    reportProgress?: ((toolCallId: string, fraction: number) => void) | undefined;
  }): ProviderTool[];
  maxSteps: number;
  /**
   * An agent's reply (a stored or an ephemeral agent's, LibreChat's agents endpoint): content
   * parts always, with or without a tool call. Other users of the loop (Plugins) decide their own.
   */
  isAgentReply?: boolean | undefined;
  /** A stored agent configured for memory (issue 41): its own memories are read and written in this chat. */
  memoryAgentId?: string | undefined;
  /** What the conversation keeps beside its model settings (the Plugins endpoint's chosen `tools`). */
  conversationSettings?: Record<string, unknown> | undefined;
}

const SETTING_KEYS = [
  'modelLabel',
  'promptPrefix',
  'system',
  'temperature',
  'top_p',
  'topP',
  'topK',
  'frequency_penalty',
  'presence_penalty',
  'max_tokens',
  'maxOutputTokens',
  'maxContextTokens',
  'stop',
  'reasoning_effort',
  'imageDetail',
  'resendFiles',
  'iconURL',
  'greeting',
  'spec',
  'thinking',
  'thinkingBudget',
  'promptCache',
  'maxTokens',
  'artifacts',
] as const satisfies readonly (keyof ModelSettings)[];

export function pickSettings(input: AskRequest): ModelSettings {
  const settings: Record<string, unknown> = {};
  for (const key of SETTING_KEYS) if (input[key] !== undefined && input[key] !== null) settings[key] = input[key];
  return settings as ModelSettings;
}
