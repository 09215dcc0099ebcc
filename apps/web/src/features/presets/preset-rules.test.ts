import { describe, expect, it } from 'vitest';
import { buildNewPreset, buildPresetUpdate, filterPresets, findDefaultPreset, presetToSetup } from './preset-rules';
import type { Preset } from './presets-api';

const preset: Preset = {
  presetId: '5c9d2c3e-3e5a-4d55-9d1e-6f1b2a3c4d5e',
  title: 'Careful',
  endpoint: 'Simulator',
  endpointType: 'custom',
  model: 'sim-smart',
  temperature: 0.2,
  promptPrefix: 'Be careful.',
  defaultPreset: false,
  order: null,
};
const models = { Simulator: ['sim-fast', 'sim-smart'] };

describe('presets (SPEC 3)', () => {
  it('applies as its endpoint, model and settings', () => {
    expect(presetToSetup(preset, models)).toEqual({
      selection: { endpoint: 'Simulator', model: 'sim-smart', spec: null },
      settings: { temperature: 0.2, promptPrefix: 'Be careful.', spec: null },
    });
  });
  it('falls back to the endpoint first model, and is unavailable when the endpoint is gone', () => {
    expect(presetToSetup({ ...preset, model: 'retired' }, models)?.selection.model).toBe('sim-fast');
    expect(presetToSetup(preset, { openAI: ['gpt-4o'] })).toBeNull();
  });
  it('saves the current selection and settings, without the spec', () => {
    expect(
      buildNewPreset({
        title: '  Mine ',
        selection: { endpoint: 'openAI', model: 'gpt-4o', spec: 'writer' },
        endpointType: null,
        settings: { temperature: 1.3, spec: 'writer', stop: ['END'] },
      }),
    ).toEqual({
      title: 'Mine',
      endpoint: 'openAI',
      endpointType: null,
      model: 'gpt-4o',
      temperature: 1.3,
      stop: ['END'],
    });
  });
  it('updates resend every setting with the new title or default flag', () => {
    expect(buildPresetUpdate(preset, { title: 'Renamed' })).toMatchObject({
      presetId: preset.presetId,
      title: 'Renamed',
      endpoint: 'Simulator',
      model: 'sim-smart',
      temperature: 0.2,
      promptPrefix: 'Be careful.',
      defaultPreset: false,
    });
    expect(buildPresetUpdate(preset, { defaultPreset: true }).defaultPreset).toBe(true);
  });
  it('finds the default and filters by title, endpoint or model', () => {
    expect(findDefaultPreset([preset, { ...preset, presetId: 'x', defaultPreset: true }])?.presetId).toBe('x');
    expect(findDefaultPreset([preset])).toBeNull();
    expect(filterPresets([preset], 'smart')).toHaveLength(1);
    expect(filterPresets([preset], 'nope')).toHaveLength(0);
  });
});
