import { describe, expect, it } from 'vitest';
import { mergeSettings, pickSettings, SETTING_KEYS, startOverSettings } from './conversation-settings';

describe('conversation settings', () => {
  it('knows the settings of the shared schema, without the model', () => {
    expect(SETTING_KEYS).toContain('temperature');
    expect(SETTING_KEYS).toContain('promptPrefix');
    expect(SETTING_KEYS).not.toContain('model');
  });
  it('picks valid settings of a record and drops the rest', () => {
    expect(
      pickSettings({ temperature: 0.4, title: 'x', topK: 'many', stop: ['END'], model: 'gpt-4o', promptPrefix: null }),
    ).toEqual({ temperature: 0.4, stop: ['END'] });
  });
  it('lays changes over stored settings; null unsets', () => {
    expect(
      mergeSettings({ temperature: 0.4, top_p: 0.9 }, { temperature: 0.8, top_p: null, promptPrefix: 'Be brief' }),
    ).toEqual({
      temperature: 0.8,
      promptPrefix: 'Be brief',
    });
    expect(mergeSettings(undefined, undefined)).toEqual({});
  });
  it('starts over: the stored settings are all unset, the new ones kept', () => {
    const stored = { temperature: 0.4, promptPrefix: 'Be brief', spec: 'deep' };
    expect(mergeSettings(stored, startOverSettings({ top_p: 0.5 }))).toEqual({ top_p: 0.5 });
  });
});
