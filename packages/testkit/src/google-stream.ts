import { randomBytes } from 'node:crypto';
import type { GoogleErrorBody } from './google-errors.js';
import type {
  GoogleBlockReason,
  GoogleFinishReason,
  GoogleGenerateContentRequest,
  GoogleScriptedReply,
} from './google-types.js';
import { chunkText, type FrameStreamPlan } from './provider-sim-server.js';
import type { ScriptedToolCall } from './scripted-tool-calls.js';

export interface GooglePlan {
  model: string;
  responseId: string;
  text: string;
  /** Empty unless the request asked for thoughts. */
  reasoning: string;
  /** `functionCall` parts, sent whole in the final chunk as Gemini does. */
  functionCalls: { functionCall: { id?: string; name: string; args: Record<string, unknown> } }[];
  finishReason: GoogleFinishReason;
  blockReason: GoogleBlockReason | undefined;
  usage: {
    promptTokenCount: number;
    candidatesTokenCount: number;
    thoughtsTokenCount: number;
    cachedContentTokenCount: number;
  };
}

const estimateTokens = (text: string): number => Math.ceil(text.length / 4);
const partsText = (parts: { text?: string }[] | undefined): string => (parts ?? []).map((p) => p.text ?? '').join('');

export function estimateGooglePromptTokens(request: GoogleGenerateContentRequest): number {
  let chars = partsText(request.systemInstruction?.parts).length;
  for (const content of request.contents ?? []) chars += partsText(content.parts).length;
  return Math.ceil(chars / 4);
}

function finishReasonOf(reason: GoogleScriptedReply['finishReason']): GoogleFinishReason {
  // Gemini has no tool-call finish reason: a reply with function calls ends with STOP.
  if (reason === 'stop' || reason === 'tool_calls' || reason === undefined) return 'STOP';
  if (reason === 'length') return 'MAX_TOKENS';
  if (reason === 'content_filter') return 'SAFETY';
  return reason;
}

/** Safety ratings as Gemini reports them; one category is marked blocked when something was. */
function safetyRatings(isBlocked: boolean): Record<string, unknown>[] {
  return [
    { category: 'HARM_CATEGORY_SEXUALLY_EXPLICIT', probability: 'NEGLIGIBLE' },
    { category: 'HARM_CATEGORY_HATE_SPEECH', probability: 'NEGLIGIBLE' },
    isBlocked
      ? { category: 'HARM_CATEGORY_HARASSMENT', probability: 'HIGH', blocked: true }
      : { category: 'HARM_CATEGORY_HARASSMENT', probability: 'NEGLIGIBLE' },
    { category: 'HARM_CATEGORY_DANGEROUS_CONTENT', probability: 'NEGLIGIBLE' },
  ];
}

/** Gemini sends no call ids of its own; a scripted id is sent as `functionCall.id`. */
function functionCallParts(calls: ScriptedToolCall[] | undefined): GooglePlan['functionCalls'] {
  return (calls ?? []).map(({ id, name, args }) => ({
    functionCall: { ...(id === undefined ? {} : { id }), name, args },
  }));
}

const functionCallChars = (parts: GooglePlan['functionCalls']): number =>
  parts.reduce((sum, { functionCall }) => sum + functionCall.name.length + JSON.stringify(functionCall.args).length, 0);

export function planGoogleReply(
  request: GoogleGenerateContentRequest,
  model: string,
  reply: GoogleScriptedReply,
): GooglePlan {
  const lastUser = request.contents?.findLast((c) => c.role !== 'model');
  const functionCalls = functionCallParts(reply.toolCalls);
  const text = reply.text ?? (functionCalls.length ? '' : `Echo: ${partsText(lastUser?.parts)}`);
  const reasoning = request.generationConfig?.thinkingConfig?.includeThoughts ? (reply.reasoning ?? '') : '';
  const finishReason = finishReasonOf(reply.finishReason);
  const isBlocked = reply.blockReason !== undefined || finishReason === 'SAFETY';
  return {
    model,
    responseId: randomBytes(12).toString('base64url'),
    // A blocked prompt or a safety stop at the start carries no text.
    text: isBlocked && reply.text === undefined ? '' : text,
    reasoning,
    functionCalls,
    finishReason,
    blockReason: reply.blockReason,
    usage: {
      promptTokenCount: reply.usage?.prompt_tokens ?? estimateGooglePromptTokens(request),
      candidatesTokenCount:
        reply.usage?.completion_tokens ?? Math.ceil((text.length + functionCallChars(functionCalls)) / 4),
      thoughtsTokenCount: reply.usage?.reasoning_tokens ?? estimateTokens(reasoning),
      cachedContentTokenCount: reply.usage?.cached_tokens ?? 0,
    },
  };
}

function usageMetadata(plan: GooglePlan, isFinal: boolean): Record<string, unknown> {
  const { promptTokenCount, candidatesTokenCount, thoughtsTokenCount, cachedContentTokenCount } = plan.usage;
  if (!isFinal)
    return {
      promptTokenCount,
      totalTokenCount: promptTokenCount,
      promptTokensDetails: [{ modality: 'TEXT', tokenCount: promptTokenCount }],
    };
  return {
    promptTokenCount,
    candidatesTokenCount,
    totalTokenCount: promptTokenCount + candidatesTokenCount + thoughtsTokenCount,
    ...(thoughtsTokenCount ? { thoughtsTokenCount } : {}),
    ...(cachedContentTokenCount ? { cachedContentTokenCount } : {}),
    promptTokensDetails: [{ modality: 'TEXT', tokenCount: promptTokenCount }],
  };
}

const chunkOf = (
  plan: GooglePlan,
  candidate: Record<string, unknown> | undefined,
  isFinal: boolean,
  extra: Record<string, unknown> = {},
) => ({
  ...(candidate ? { candidates: [{ ...candidate, index: 0 }] } : {}),
  ...extra,
  usageMetadata: usageMetadata(plan, isFinal),
  modelVersion: plan.model,
  responseId: plan.responseId,
});

function finalCandidate(plan: GooglePlan): Record<string, unknown> {
  const isSafety = plan.finishReason === 'SAFETY';
  const parts = plan.functionCalls.length ? plan.functionCalls : [{ text: '' }];
  return {
    ...(isSafety ? {} : { content: { parts, role: 'model' } }),
    finishReason: plan.finishReason,
    ...(isSafety ? { safetyRatings: safetyRatings(true) } : {}),
  };
}

/** The `GenerateContentResponse` of `generateContent`. */
export function buildGoogleResponse(plan: GooglePlan): Record<string, unknown> {
  if (plan.blockReason)
    return chunkOf(plan, undefined, false, {
      promptFeedback: { blockReason: plan.blockReason, safetyRatings: safetyRatings(true) },
    });
  const parts = [
    ...(plan.reasoning ? [{ text: plan.reasoning, thought: true }] : []),
    ...(plan.text ? [{ text: plan.text }] : []),
    ...plan.functionCalls,
  ];
  const candidate = { ...finalCandidate(plan), ...(parts.length ? { content: { parts, role: 'model' } } : {}) };
  return chunkOf(plan, candidate, true);
}

const sse = (data: unknown): string => `data: ${JSON.stringify(data)}\r\n\r\n`;

/**
 * `streamGenerateContent?alt=sse`: one chunk per slice (thought parts first), then a chunk with
 * the finish reason and the full usageMetadata, whose parts are the `functionCall`s when the
 * reply calls tools. A blocked prompt is a single chunk with
 * `promptFeedback.blockReason`. With `streamError`, `{error}` ends the stream after `errorAt` chunks.
 */
export function buildGoogleStream(
  plan: GooglePlan,
  reply: GoogleScriptedReply,
  streamError?: GoogleErrorBody,
): FrameStreamPlan {
  const size = Math.max(1, Math.floor(reply.chunkSize ?? 4));
  const headers = {
    'content-type': 'text/event-stream',
    'cache-control': 'no-cache',
    'x-content-type-options': 'nosniff',
  };
  const common = {
    headers,
    opening: [],
    delayMs: Math.max(0, reply.delayMs ?? 0),
    firstTokenDelayMs: Math.max(0, reply.firstTokenDelayMs ?? 0),
  };
  if (plan.blockReason) return { ...common, chunks: [], closing: [sse(buildGoogleResponse(plan))] };
  const part = (text: string, thought: boolean) => ({
    content: { parts: [{ text, ...(thought ? { thought: true } : {}) }], role: 'model' },
  });
  const chunks = [
    ...chunkText(plan.reasoning, size).map((piece) => sse(chunkOf(plan, part(piece, true), false))),
    ...chunkText(plan.text, size).map((piece) => sse(chunkOf(plan, part(piece, false), false))),
  ];
  if (streamError) return { ...common, chunks: chunks.slice(0, reply.errorAt ?? 0), closing: [sse(streamError)] };
  return { ...common, chunks, closing: [sse(chunkOf(plan, finalCandidate(plan), true))], errorAt: reply.errorAt };
}
