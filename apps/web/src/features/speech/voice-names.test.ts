import { describe, expect, it } from 'vitest';
import { browserVoiceOptions, describeLanguage, externalVoiceLabel } from './voice-names';

const labels = { voice: (n: number) => `Voice ${n}`, online: 'Online voice' };

describe('externalVoiceLabel', () => {
  it('names the local engine’s Flite voices after people, with their language', () => {
    expect(externalVoiceLabel('slt', 'en-US')).toBe('Sally (English, US)');
    expect(externalVoiceLabel('rms', 'en-US')).toBe('Richard (English, US)');
    expect(externalVoiceLabel('awb', 'en-US')).toBe('Alan (English, UK)');
    expect(externalVoiceLabel('kal', 'en-US')).toBe('Kevin 8 kHz (English, US)');
    expect(externalVoiceLabel('kal16', 'en-US')).toBe('Kevin (English, US)');
  });

  it('says the language in the interface’s language', () => {
    expect(externalVoiceLabel('slt', 'de-DE')).toBe('Sally (Englisch, USA)');
  });

  it('reads a voice model’s file name as its speaker and language', () => {
    expect(externalVoiceLabel('en_US-lessac-medium.onnx', 'en-US')).toBe('Lessac (English, US)');
    expect(externalVoiceLabel('models/de_DE-thorsten_emotional-high.onnx', 'en-US')).toBe(
      'Thorsten Emotional (German, Germany)',
    );
  });

  it('capitalises any other id (OpenAI’s voices) and keeps it readable', () => {
    expect(externalVoiceLabel('alloy', 'en-US')).toBe('Alloy');
    expect(externalVoiceLabel('my_custom-voice', 'en-US')).toBe('My Custom Voice');
    expect(externalVoiceLabel('---', 'en-US')).toBe('---');
  });
});

describe('browserVoiceOptions', () => {
  it('adds the language to a bare name and leaves names that already say it', () => {
    const options = browserVoiceOptions(
      [
        { name: 'Alex', lang: 'en-US', localService: true },
        { name: 'Google US English', lang: 'en-US', localService: false },
        { name: 'Microsoft Aria Online (Natural) - English (United States)', lang: 'en-US', localService: false },
      ],
      'en-US',
      labels,
    );
    expect(options).toEqual([
      { value: 'Alex', label: 'Alex (English, US)' },
      { value: 'Google US English', label: 'Google US English', detail: 'Online voice' },
      {
        value: 'Microsoft Aria Online (Natural) - English (United States)',
        label: 'Microsoft Aria Online (Natural) - English (United States)',
        detail: 'Online voice',
      },
    ]);
  });

  it('numbers Android’s id-only voices within their language and drops repeats', () => {
    const options = browserVoiceOptions(
      [
        { name: 'en-US-x-abc-local', lang: 'en-US', localService: true },
        { name: 'en-US-x-iol-network', lang: 'en-US', localService: false },
        { name: 'de-DE-x-deb-local', lang: 'de-DE', localService: true },
        { name: 'en-US-x-abc-local', lang: 'en-US', localService: true },
      ],
      'en-US',
      labels,
    );
    expect(options.map((o) => o.label)).toEqual([
      'Voice 1 (English, US)',
      'Voice 2 (English, US)',
      'Voice 1 (German, Germany)',
    ]);
    expect(options.map((o) => o.value)).toEqual(['en-US-x-abc-local', 'en-US-x-iol-network', 'de-DE-x-deb-local']);
  });
});

describe('describeLanguage', () => {
  it('gives null for what is no language tag', () => {
    expect(describeLanguage('not a tag!', 'en-US')).toBeNull();
    expect(describeLanguage('fr', 'en-US')).toBe('French');
  });
});
