import { describe, expect, it } from 'vitest';
import { getLanguageOptions, getUiLanguageOptions } from './language-options';

describe('getLanguageOptions', () => {
  it('names each language in itself, with the interface language’s name beneath', () => {
    const options = getLanguageOptions(['', 'de-DE', 'he-HE', 'ja-JP', 'en-US'], {
      displayLocale: 'en-US',
      emptyLabel: 'Default',
    });
    expect(options).toEqual([
      { value: '', label: 'Default' },
      { value: 'de-DE', label: 'Deutsch', detail: 'German' },
      { value: 'he-HE', label: 'עברית', detail: 'Hebrew' },
      { value: 'ja-JP', label: '日本語', detail: 'Japanese' },
      { value: 'en-US', label: 'English' },
    ]);
  });

  it('tells a language listed twice apart by its region or script', () => {
    const labels = getLanguageOptions(['pt-BR', 'pt-PT', 'en-US', 'en-GB'], {
      displayLocale: 'en-US',
      emptyLabel: 'Default',
    }).map((o) => o.label);
    expect(labels).toEqual(['Português (Brasil)', 'Português europeu', 'American English', 'British English']);
  });

  it('puts "auto" first in the interface languages', () => {
    const [auto, english] = getUiLanguageOptions('en-US', 'Auto detect');
    expect(auto).toEqual({ value: 'auto', label: 'Auto detect' });
    expect(english).toEqual({ value: 'en-US', label: 'English' });
  });
});
