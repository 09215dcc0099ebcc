import { z } from 'zod';
import { CHAT_LIMITS, NO_PARENT } from './constants.js';
import { MESSAGE_FILES_MAX, messageFileSchema, type MessageAttachment, type MessageFile } from './files.js';
import type { MemoryAttachment, WebSearchAttachment } from './web-search.js';

/** Longest message text the server accepts; longer input is refused before anything is stored. */
export const MAX_MESSAGE_TEXT = 500_000;

export const CONTENT_PART_TYPES = ['text', 'think', 'text_delta', 'tool_call', 'image_file', 'image_url', 'agent_update', 'error'] as const;
export type ContentPartType = (typeof CONTENT_PART_TYPES)[number];

export type ContentPart =
  | { type: 'text'; text: string }
  /**
   * Reasoning. `durationMs`, ours (LibreChat has no such field and ignores it): the time from
   * its first streamed delta to its last, absent when it came in one piece or from elsewhere.
   */
  | { type: 'think'; think: string; durationMs?: number }
  | { type: 'error'; error: string }
  | { type: 'image_url'; image_url: { url: string; detail?: string } }
  | { type: Exclude<ContentPartType, 'text' | 'think' | 'error' | 'image_url'>; [key: string]: unknown };

/** Anything a reply carries under a tool call (see Message.attachments). */
export type ReplyAttachment = MessageAttachment | WebSearchAttachment | MemoryAttachment;

/** A file a tool made (not a search's sources or a saved memory). */
export function isFileAttachment(attachment: ReplyAttachment): attachment is MessageAttachment {
  return attachment.type !== 'web_search' && attachment.type !== 'memory';
}

export type FinishReason = 'stop' | 'length' | 'content_filter' | 'tool_calls' | 'incomplete' | 'error' | 'unknown';

/** A message as the API returns it (LibreChat field names). */
export interface Message {
  messageId: string;
  conversationId: string;
  parentMessageId: string;
  sender: string;
  text: string;
  content?: ContentPart[];
  isCreatedByUser: boolean;
  model: string | null;
  endpoint?: string | null;
  error: boolean;
  unfinished: boolean;
  finish_reason?: FinishReason | null;
  tokenCount?: number | null;
  usage?: TokenUsage | null;
  iconURL?: string | null;
  /** The files attached to a user's message (SPEC 3, Message: files). */
  files?: MessageFile[];
  /**
   * What the reply's tools left under their calls, each with its call's `toolCallId`: files (a
   * code run's figure), a web search's sources, the memories the memory step saved.
   */
  attachments?: ReplyAttachment[];
  /**
   * LibreChat's `addedConvo`: a reply of the model the "+" added beside the conversation's own
   * (multi-conversation column 1). Absent otherwise. Its siblings without it are the first
   * column's; see replyColumnsOf.
   */
  addedConvo?: boolean;
  createdAt: string;
  updatedAt: string;
  /** Client-side only: its children once the tree is built. */
  children?: Message[];
  depth?: number;
  siblingIndex?: number;
}

export interface TokenUsage {
  promptTokens: number;
  completionTokens: number;
  reasoningTokens?: number;
  cacheReadTokens?: number;
  cacheWriteTokens?: number;
}

/** Model settings a conversation or preset carries (SPEC 3). */
export const modelSettingsSchema = z.object({
  model: z.string().max(256).nullish(),
  modelLabel: z.string().max(256).nullish(),
  promptPrefix: z.string().max(MAX_MESSAGE_TEXT).nullish(),
  system: z.string().max(MAX_MESSAGE_TEXT).nullish(),
  temperature: z.number().min(0).max(2).nullish(),
  top_p: z.number().min(0).max(1).nullish(),
  topP: z.number().min(0).max(1).nullish(),
  topK: z.number().int().min(0).max(500).nullish(),
  frequency_penalty: z.number().min(-2).max(2).nullish(),
  presence_penalty: z.number().min(-2).max(2).nullish(),
  max_tokens: z.number().int().positive().nullish(),
  maxOutputTokens: z.number().int().positive().nullish(),
  maxContextTokens: z.number().int().positive().nullish(),
  stop: z.array(z.string().max(256)).max(CHAT_LIMITS.maxStopSequences).nullish(),
  reasoning_effort: z.enum(['low', 'medium', 'high']).nullish(),
  imageDetail: z.enum(['low', 'auto', 'high']).nullish(),
  resendFiles: z.boolean().nullish(),
  iconURL: z.string().max(2048).nullish(),
  greeting: z.string().max(10_000).nullish(),
  spec: z.string().max(256).nullish(),
  // Anthropic / Bedrock: extended thinking, prompt caching and Bedrock's output cap.
  thinking: z.boolean().nullish(),
  thinkingBudget: z.number().int().positive().nullish(),
  promptCache: z.boolean().nullish(),
  maxTokens: z.number().int().positive().nullish(),
  /**
   * LibreChat's artifacts mode (ARTIFACT_MODES: 'default', 'shadcnui', 'custom'); a string as
   * LibreChat's schema has it, so a value this server does not know reads as off, not a 400.
   */
  artifacts: z.string().max(64).nullish(),
});
export type ModelSettings = z.infer<typeof modelSettingsSchema>;

export interface Conversation extends ModelSettings {
  conversationId: string;
  title: string;
  endpoint: string | null;
  endpointType?: string | null;
  user: string;
  isArchived: boolean;
  tags: string[];
  expiredAt: string | null;
  createdAt: string;
  updatedAt: string;
}

const uuid = z.string().uuid();
const parentId = z.union([uuid, z.literal(NO_PARENT)]);

const UUID_SOURCE = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
/**
 * LibreChat's multi-conversation ("+") sends one question as two asks, one per column, naming the
 * same user message, and for a new chat the same conversation, as `<uuid>__0` and `<uuid>__1`
 * (its COMMON_DIVIDER and the column): in `overrideUserMessageId` and `messageId`, and in
 * `overrideConvoId`. Groups: the id, the column. The server stores the plain uuid.
 */
export const MULTI_CONVO_ID_PATTERN = new RegExp(`^(${UUID_SOURCE})__([01])$`, 'i');
const multiConvoId = z.string().regex(MULTI_CONVO_ID_PATTERN, 'Invalid id: expected a UUID followed by __0 or __1');
/** A user message's id as a client chooses it: a uuid, or LibreChat's multi-conversation form. */
const clientMessageId = z
  .string()
  .regex(
    new RegExp(`^${UUID_SOURCE}(__[01])?$`, 'i'),
    "Invalid message id: expected a UUID (LibreChat's multi-conversation form ends in __0 or __1)",
  );

/** Body of POST /api/ask/{endpoint} and /api/edit/{endpoint}. Unknown fields are dropped. */
export const askRequestSchema = modelSettingsSchema.extend({
  text: z.string().max(MAX_MESSAGE_TEXT, `Message must be at most ${MAX_MESSAGE_TEXT} characters`),
  messageId: clientMessageId.optional(),
  parentMessageId: parentId.nullish(),
  conversationId: z.union([uuid, z.literal('new'), z.null()]).optional(),
  endpoint: z.string().min(1).max(128).optional(),
  endpointType: z.string().max(64).nullish(),
  isContinued: z.boolean().optional(),
  isRegenerate: z.boolean().optional(),
  isEdited: z.boolean().optional(),
  isTemporary: z.boolean().optional(),
  overrideParentMessageId: uuid.nullish(),
  responseMessageId: uuid.nullish(),
  /** LibreChat's multi-conversation: the user message both columns answer (see MULTI_CONVO_ID_PATTERN). */
  overrideUserMessageId: multiConvoId.nullish(),
  /** LibreChat's multi-conversation, for a new chat: the conversation both columns write to. */
  overrideConvoId: multiConvoId.nullish(),
  /** Edit of an assistant reply: regenerate from its parent, starting from this text. */
  editedContent: z.object({ index: z.number().int().min(0), text: z.string(), type: z.string() }).nullish(),
  /**
   * Files the user attached (uploaded first through /api/files), by id: the server reads what it
   * stores of each from its own rows, the caller's only; the endpoint's fileLimit applies.
   */
  files: z.array(messageFileSchema).max(MESSAGE_FILES_MAX).nullish(),
});
export type AskRequest = z.infer<typeof askRequestSchema>;

const abortArg = z.object({
  abortKey: z.string().min(1).max(128),
  endpoint: z.string().max(128).optional(),
  message: z.string().max(MAX_MESSAGE_TEXT).optional(),
});
/** The stop button sends `{abortKey, endpoint}`; LibreChat's `abortRequestWithMessage` wraps it in `{arg}`. */
export const abortRequestSchema = z.union([abortArg, z.object({ arg: abortArg }).transform((body) => body.arg)]);

export const editMessageSchema = z.object({
  text: z.string().trim().min(1, 'Edit text must not be empty').max(MAX_MESSAGE_TEXT),
  index: z.number().int().min(0).optional(),
  model: z.string().max(256).optional(),
});

export const genTitleSchema = z.object({ conversationId: uuid });

/** SSE frames of the chat stream (ARCHITECTURE, The chat stream). */
export interface CreatedFrame {
  created: true;
  message: Message;
  streamId: string;
  conversationId: string;
  responseMessageId: string;
}
export interface TextFrame {
  message: true;
  text: string;
  messageId: string;
  parentMessageId: string;
  conversationId: string;
}
export interface RunEventFrame {
  event: 'on_message_delta' | 'on_reasoning_delta' | 'on_run_step' | 'on_run_step_delta' | 'on_run_step_completed' | 'on_agent_update';
  data: { id: string; delta: { content: ContentPart[] } } | Record<string, unknown>;
}
export interface FinalFrame {
  final: true;
  conversation: Conversation;
  title?: string;
  requestMessage: Message;
  responseMessage: Message;
}
export interface ErrorFrame {
  error: true;
  final: true;
  text: string;
  messageId: string;
  parentMessageId: string;
  conversationId: string;
  requestMessage?: Message;
  responseMessage?: Message;
  conversation?: Conversation;
}
export type StreamFrame = CreatedFrame | TextFrame | RunEventFrame | FinalFrame | ErrorFrame;

export interface ActiveJob {
  streamId: string;
  conversationId: string;
  userMessageId: string;
  responseMessageId: string;
  startedAt: string;
}
