import { APICallError } from '@ai-sdk/provider';
import type { FinishReason as SdkFinishReason, LanguageModelUsage } from 'ai';
import { EgressError } from '../../platform/egress.js';
import type { ModelStreamPart } from '../direct-stream.js';

/**
 * The messages between the server's thread and a stream reader thread
 * (stream-reader-pool.ts ↔ stream-reader-worker.ts). Everything here survives structured clone.
 */

/** An error, as much of it as the mappers read (map-openai-error.ts). */
export type WireError =
  | { kind: 'egress'; message: string }
  | { kind: 'api-call'; message: string; url: string; responseBody: string | undefined; isRetryable: boolean }
  | { kind: 'abort'; message: string }
  | { kind: 'other'; name: string; message: string; code: string | undefined };

/** A stream part: the reader's parts, plus `failed` for a read that broke (thrown, not yielded). */
export type WirePart =
  | { type: 'text-delta' | 'reasoning-delta'; delta: string }
  | { type: 'finish'; finishReason: SdkFinishReason; usage: LanguageModelUsage }
  | { type: 'error'; error: WireError }
  | { type: 'failed'; error: WireError };

export interface OpenStreamRequest {
  url: string;
  headers: Record<string, string>;
  body: string;
  /** A URL the user supplied: checked, and connected through the guarded pool (platform/egress.ts). */
  userUrl: boolean;
}

export type ToReader = ({ type: 'open'; id: number } & OpenStreamRequest) | { type: 'abort'; id: number };

export type FromReader =
  /** The thread has loaded and takes requests. */
  | { type: 'ready' }
  /** The response arrived; `text` is a body that is not a successful event stream, read whole. */
  | { type: 'head'; id: number; status: number; headers: [string, string][]; text?: string }
  /** The request failed before any response. */
  | { type: 'failed'; id: number; error: WireError }
  /** Parts of any number of streams, each list in order; a stream ends with finish, error or failed. */
  | { type: 'parts'; streams: [id: number, parts: WirePart[]][] };

export function toWireError(err: unknown): WireError {
  const egress =
    err instanceof EgressError ? err : err instanceof Error && err.cause instanceof EgressError ? err.cause : undefined;
  if (egress) return { kind: 'egress', message: egress.message };
  if (APICallError.isInstance(err)) {
    return {
      kind: 'api-call',
      message: err.message,
      url: err.url,
      responseBody: err.responseBody,
      isRetryable: err.isRetryable,
    };
  }
  if (err instanceof Error && err.name === 'AbortError') return { kind: 'abort', message: err.message };
  if (err instanceof Error) {
    const code = (err as { code?: unknown }).code;
    return { kind: 'other', name: err.name, message: err.message, code: typeof code === 'string' ? code : undefined };
  }
  return { kind: 'other', name: 'Error', message: String(err), code: undefined };
}

export function fromWireError(wire: WireError): Error {
  switch (wire.kind) {
    case 'egress':
      return new EgressError(wire.message);
    case 'api-call':
      return new APICallError({ ...wire, requestBodyValues: undefined });
    case 'abort':
      return new DOMException(wire.message, 'AbortError');
    default: {
      const err = Object.assign(new Error(wire.message), wire.code === undefined ? {} : { code: wire.code });
      err.name = wire.name;
      return err;
    }
  }
}

export function toWirePart(part: ModelStreamPart): WirePart | undefined {
  switch (part.type) {
    // Already in the wire's shape: sent as they are (a token's hot path).
    case 'text-delta':
    case 'reasoning-delta':
    case 'finish':
      return part;
    case 'error':
      return { type: 'error', error: toWireError(part.error) };
    default:
      return undefined;
  }
}
