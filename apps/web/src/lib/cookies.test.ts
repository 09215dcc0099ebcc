import { describe, expect, it } from 'vitest';
import { parseCookie, serializeCookie } from './cookies';

describe('serializeCookie', () => {
  it('writes the value, an expiry the given days ahead, path and SameSite', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    expect(serializeCookie('lang', 'de-DE', { days: 365, now })).toBe('lang=de-DE; Expires=Fri, 01 Jan 2027 00:00:00 GMT; Path=/; SameSite=Lax');
  });

  it('encodes unsafe characters and can add Secure', () => {
    expect(serializeCookie('k', 'a b;c', { secure: true })).toBe('k=a%20b%3Bc; Path=/; SameSite=Lax; Secure');
  });
});

describe('parseCookie', () => {
  it('finds one cookie among several', () => {
    expect(parseCookie('a=1; lang=fr-FR; b=2', 'lang')).toBe('fr-FR');
  });

  it('decodes values and returns null when absent', () => {
    expect(parseCookie('k=a%20b%3Bc', 'k')).toBe('a b;c');
    expect(parseCookie('a=1', 'lang')).toBeNull();
    expect(parseCookie('', 'lang')).toBeNull();
  });

  it('keeps a value containing "="', () => {
    expect(parseCookie('t=abc==', 't')).toBe('abc==');
  });
});
