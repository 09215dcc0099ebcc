import { CHAT_LIMITS, MODEL_ERROR_TYPES } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import en from '../../../locales/en-US/chat.json';
import { getErrorDisplay, parseModelError, splitErrorMessage } from './model-error';

function lookup(key: string): unknown {
  return key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined),
      en,
    );
}

describe('getErrorDisplay', () => {
  it('has its own en-US message for every SPEC 8 model error code', () => {
    for (const type of MODEL_ERROR_TYPES) {
      const { key } = getErrorDisplay(JSON.stringify({ type, limit: 1, max: 1, windowInMinutes: 1 }));
      expect(key).not.toBe('error.unknown');
      const text = lookup(key) ?? lookup(`${key}_one`);
      expect(typeof text, `${type} -> ${key}`).toBe('string');
    }
  });

  it('does not double the full stop after a provider message that ends with one', () => {
    const display = getErrorDisplay('{"type":"INPUT_LENGTH","info":"Please reduce the length of the messages."}');
    expect(display.values.info).toBe('Please reduce the length of the messages');
  });

  it('passes the values each message needs', () => {
    expect(getErrorDisplay('{"type":"concurrent","limit":2}')).toEqual({
      key: 'error.concurrent',
      values: { count: 2, limit: 2 },
    });
    expect(getErrorDisplay('{"type":"message_limit","max":5,"windowInMinutes":10}').key).toBe(
      'error.message_limit_minutes',
    );
    expect(getErrorDisplay('{"type":"google_error","info":"quota"}').values).toEqual({ info: 'quota' });
    expect(getErrorDisplay('{"type":"expired_user_key","endpoint":"openAI","expiredAt":"2025-01-01"}').values).toEqual({
      endpoint: 'openAI',
      expiredAt: '2025-01-01',
    });
    expect(
      getErrorDisplay('{"type":"token_balance","balance":1,"tokenCost":5,"promptTokens":3,"generations":2}').key,
    ).toBe('error.token_balance_generations');
  });

  it('shows an unknown error with its message cut to 512 characters', () => {
    const long = 'x'.repeat(2000);
    const display = getErrorDisplay(long);
    expect(display.key).toBe('error.unknown');
    expect(String(display.values.message).length).toBe(CHAT_LIMITS.unknownErrorMaxChars + 1);
    expect(getErrorDisplay('{"type":"weird","message":"odd"}')).toEqual({
      key: 'error.unknown',
      values: { message: 'odd' },
    });
  });

  it('reads plain text and JSON alike', () => {
    expect(parseModelError('plain').type).toBeNull();
    expect(parseModelError('{"type":"moderation"}').type).toBe('moderation');
    expect(parseModelError('{broken').message).toBe('{broken');
  });
});

describe('splitErrorMessage', () => {
  const err = '{"type":"server_error"}';
  it('keeps a partial answer longer than 45 characters', () => {
    const partial = 'a'.repeat(46);
    expect(
      splitErrorMessage({
        text: partial,
        error: true,
        content: [
          { type: 'text', text: partial },
          { type: 'error', error: err },
        ],
      }),
    ).toEqual({ keptText: partial, errorText: err });
  });
  it('drops a short partial answer', () => {
    expect(
      splitErrorMessage({
        text: 'short',
        error: true,
        content: [
          { type: 'text', text: 'short' },
          { type: 'error', error: err },
        ],
      }).keptText,
    ).toBe('');
  });
  it('reads a stored error whose text is the error', () => {
    expect(splitErrorMessage({ text: err, error: true, content: null as never })).toEqual({
      keptText: '',
      errorText: err,
    });
  });
});
