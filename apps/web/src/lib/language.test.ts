import { describe, expect, it } from 'vitest';
import { isRtlLanguage, resolveLanguage } from './language';

describe('resolveLanguage', () => {
  it('keeps an explicit choice', () => {
    expect(resolveLanguage('ja-JP', ['de-DE'])).toBe('ja-JP');
  });

  it('maps auto to the browser language, exactly or by primary subtag', () => {
    expect(resolveLanguage('auto', ['fr-FR'])).toBe('fr-FR');
    expect(resolveLanguage('auto', ['de-AT'])).toBe('de-DE');
    expect(resolveLanguage('auto', ['pt-BR'])).toBe('pt-BR');
    expect(resolveLanguage('auto', ['zh-TW'])).toBe('zh-Hant');
    expect(resolveLanguage('auto', ['zh-CN'])).toBe('zh-Hans');
  });

  it('falls back to en-US for unknown or missing values', () => {
    expect(resolveLanguage(null, ['xx-YY'])).toBe('en-US');
    expect(resolveLanguage('klingon', [])).toBe('en-US');
  });

  it('knows the right-to-left languages', () => {
    expect(isRtlLanguage('ar-EG')).toBe(true);
    expect(isRtlLanguage('en-US')).toBe(false);
  });
});
