import { describe, expect, it } from 'vitest';
import { formatErrorLog, getErrorDetails } from './error-details';

describe('getErrorDetails', () => {
  it('reads message, status and stack of an Error', () => {
    const error = Object.assign(new Error('boom'), { status: 500 });
    const details = getErrorDetails(error);
    expect(details).toMatchObject({ message: 'boom', status: 500 });
    expect(details.stack).toContain('boom');
  });

  it('handles thrown non-errors', () => {
    expect(getErrorDetails('plain')).toEqual({ message: 'plain', status: null, stack: null, details: null });
    expect(getErrorDetails(undefined).message).toBe('Unknown error');
  });
});

describe('formatErrorLog', () => {
  it('lists context, status, message and stack', () => {
    const text = formatErrorLog({ message: 'boom', status: 500, stack: 'at x', details: null }, { url: 'http://x/c/1', userAgent: 'UA', time: new Date('2026-01-01T00:00:00Z') });
    expect(text).toContain('Time: 2026-01-01T00:00:00.000Z');
    expect(text).toContain('URL: http://x/c/1');
    expect(text).toContain('Status: 500');
    expect(text).toContain('Stack:\nat x');
  });
});
