import { describe, expect, it } from 'vitest';
import { buildSelectorSections, type SelectorInput } from '../../model-selector/selector-options';
import type { Preset } from '../../presets/presets-api';
import { buildMentionOptions } from './mention-options';

const endpoints = {
  Simulator: { type: 'custom' as const, userProvide: false, order: 0 },
  agents: { userProvide: false, order: 1 },
};
const models = { Simulator: ['sim-fast', 'sim-smart'], agents: [] };
const preset = { presetId: 'p1', title: 'Concise', endpoint: 'Simulator', model: 'sim-fast' } as Preset;
const input: SelectorInput = {
  endpoints,
  models,
  specs: [{ name: 'writer', label: 'Writer', description: 'Long-form', preset: { endpoint: 'Simulator' } }],
  presets: [preset],
  showEndpoints: true,
  showPresets: true,
  canUseAgents: true,
  agents: [{ id: 'agent_a', name: 'Researcher', description: null, avatarUrl: null, model: 'sim-fast', isBuiltIn: false }],
  query: '',
};

function optionsFor(query: string) {
  return buildMentionOptions(buildSelectorSections({ ...input, query }), models, query);
}

describe('buildMentionOptions (the @ command list)', () => {
  it('lists specs, endpoints, models and presets, never agents', () => {
    expect(optionsFor('').map((o) => o.key)).toEqual([
      'spec:writer',
      'endpoint:Simulator',
      'model:Simulator:sim-fast',
      'model:Simulator:sim-smart',
      'preset:p1',
    ]);
  });

  it('filters by the text after the @', () => {
    const found = optionsFor('sim-sm');
    expect(found.map((o) => o.key)).toEqual(['model:Simulator:sim-smart']);
    expect(found[0]?.choice).toEqual({ type: 'model', endpoint: 'Simulator', model: 'sim-smart' });
    expect(optionsFor('concise').map((o) => o.kind)).toEqual(['preset']);
    expect(optionsFor('zzz')).toEqual([]);
  });

  it('an endpoint picks its first model; a spec and a preset apply their whole setup', () => {
    const all = optionsFor('');
    expect(all.find((o) => o.kind === 'endpoint')?.choice).toEqual({
      type: 'model',
      endpoint: 'Simulator',
      model: 'sim-fast',
    });
    const preset = all.find((o) => o.kind === 'preset')?.choice;
    expect(preset?.type === 'setup' && preset.setup.selection).toMatchObject({
      endpoint: 'Simulator',
      model: 'sim-fast',
    });
    const spec = all.find((o) => o.kind === 'spec')?.choice;
    expect(spec?.type === 'setup' && spec.setup.selection.spec).toBe('writer');
  });
});
