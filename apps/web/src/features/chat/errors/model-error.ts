import {
  CHAT_LIMITS,
  MODEL_ERROR_TYPES,
  textOfParts,
  type Message,
  type ModelErrorType,
  type TokenBalanceError,
} from '@confab/shared';

/** A stream error as the UI shows it: a translation key with its values. */
export interface ErrorDisplay {
  key: string;
  values: Record<string, string | number>;
}

export interface ParsedModelError {
  type: ModelErrorType | null;
  message: string;
  json: Record<string, unknown> | null;
}

function isModelErrorType(value: unknown): value is ModelErrorType {
  return typeof value === 'string' && (MODEL_ERROR_TYPES as readonly string[]).includes(value);
}

/** Reads an error frame's `text`: JSON `{type, message?, info?, ...}` or a plain message. */
export function parseModelError(text: string): ParsedModelError {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    try {
      const json = JSON.parse(trimmed) as unknown;
      if (typeof json === 'object' && json !== null && !Array.isArray(json)) {
        const record = json as Record<string, unknown>;
        const message =
          typeof record.message === 'string' ? record.message : typeof record.info === 'string' ? record.info : '';
        return { type: isModelErrorType(record.type) ? record.type : null, message: message || trimmed, json: record };
      }
    } catch {
      // Not JSON after all: a plain message that starts with a brace.
    }
  }
  return { type: null, message: text, json: null };
}

function str(value: unknown, fallback = ''): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  if (value === undefined || value === null) return fallback;
  return JSON.stringify(value);
}

function num(value: unknown, fallback: number): number {
  const n = typeof value === 'number' ? value : Number(value);
  return Number.isFinite(n) ? n : fallback;
}

export function truncateErrorMessage(message: string): string {
  const max = CHAT_LIMITS.unknownErrorMaxChars;
  return message.length > max ? `${message.slice(0, max)}…` : message;
}

/**
 * Maps an error frame's text to the message shown (SPEC 8, model error codes). Each code has
 * its own message; anything else is "Something went wrong" plus the message, cut to 512
 * characters.
 */
export function getErrorDisplay(text: string): ErrorDisplay {
  const { type, message, json } = parseModelError(text);
  const j = json ?? {};
  const info = str(j.info, message);
  switch (type) {
    case null:
      return { key: 'error.unknown', values: { message: truncateErrorMessage(message || text) } };
    case 'expired_user_key':
      return {
        key: 'error.expired_user_key',
        values: { endpoint: str(j.endpoint, 'this endpoint'), expiredAt: str(j.expiredAt ?? j.expiry, '') },
      };
    case 'INPUT_LENGTH':
      // The message goes on with ". Please shorten...": the provider's own full stop would double it.
      return { key: 'error.INPUT_LENGTH', values: { info: info.replace(/\.+$/, '') } };
    case 'google_error':
      return { key: 'error.google_error', values: { info } };
    case 'invalid_agent_provider':
      return { key: 'error.invalid_agent_provider', values: { provider: str(j.provider ?? j.info, '') } };
    case 'concurrent': {
      const limit = num(j.limit, 1);
      return { key: 'error.concurrent', values: { count: limit, limit } };
    }
    case 'message_limit': {
      const max = num(j.max, 1);
      const windowInMinutes = num(j.windowInMinutes ?? j.window, 1);
      return {
        key: windowInMinutes > 1 ? 'error.message_limit_minutes' : 'error.message_limit',
        values: { count: max, max, windowInMinutes },
      };
    }
    case 'token_balance': {
      const generations = str(j.generations, '');
      return {
        key: generations ? 'error.token_balance_generations' : 'error.token_balance',
        values: {
          balance: str(j.balance, '0'),
          promptTokens: str(j.promptTokens, '0'),
          tokenCost: str(j.tokenCost ?? j.cost, '0'),
          generations,
        },
      };
    }
    case 'invalid_request_error':
    case 'server_error':
    case 'rate_limit':
      return { key: `error.${type}`, values: { info: truncateErrorMessage(info) } };
    default:
      return { key: `error.${type}`, values: {} };
  }
}

/**
 * A refusal for balance (SPEC 8), read from the error's text; null for any other error. Missing
 * or bad numbers count as 0 so the card still shows.
 */
export function readTokenBalanceError(text: string): TokenBalanceError | null {
  const { type, json } = parseModelError(text);
  if (type !== 'token_balance' || !json) return null;
  return {
    type: 'token_balance',
    balance: num(json.balance, 0),
    tokenCost: num(json.tokenCost ?? json.cost, 0),
    promptTokens: num(json.promptTokens, 0),
    generations: num(json.generations, 0),
  };
}

/** An error reply keeps the partial answer only when it is worth keeping (SPEC 4, > 45 chars). */
export function splitErrorMessage(message: Pick<Message, 'text' | 'content' | 'error'>): {
  keptText: string;
  errorText: string;
} {
  const errorPart = message.content?.find((p) => p.type === 'error');
  const errorText = errorPart && errorPart.type === 'error' ? errorPart.error : message.text;
  let partial = '';
  if (message.content?.length) {
    partial = textOfParts(message.content);
  } else if (message.text !== errorText) {
    partial = message.text;
  }
  if (partial === errorText) partial = '';
  return { keptText: partial.length > CHAT_LIMITS.keepInitialResponseOnErrorChars ? partial : '', errorText };
}
