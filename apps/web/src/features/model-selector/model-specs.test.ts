import { describe, expect, it } from 'vitest';
import { getDefaultModelSpec, readModelSpecs, specToSetup, type ModelSpec } from './model-specs';

const spec = (name: string, extra: Partial<ModelSpec> = {}): ModelSpec => ({
  name,
  label: name,
  preset: { endpoint: 'openAI', model: 'gpt-4o' },
  ...extra,
});
const args = { isPrioritized: false, isModelSelectShown: true, lastSpec: null, lastChoiceSpec: null };

describe('getDefaultModelSpec (SPEC 4)', () => {
  it('is the one marked default', () => {
    const specs = [spec('a'), spec('b', { default: true })];
    expect(getDefaultModelSpec({ ...args, specs, isPrioritized: true, lastSpec: 'a' })?.name).toBe('b');
    expect(getDefaultModelSpec({ ...args, specs })?.name).toBe('b');
  });
  it('else the last selected when specs take priority or the selector is hidden, else the first', () => {
    const specs = [spec('a'), spec('b')];
    expect(getDefaultModelSpec({ ...args, specs, isPrioritized: true, lastSpec: 'b' })?.name).toBe('b');
    expect(getDefaultModelSpec({ ...args, specs, isModelSelectShown: false, lastSpec: 'b' })?.name).toBe('b');
    expect(getDefaultModelSpec({ ...args, specs, isPrioritized: true, lastSpec: 'gone' })?.name).toBe('a');
    expect(getDefaultModelSpec({ ...args, specs, isModelSelectShown: false })?.name).toBe('a');
  });
  it('otherwise only the spec of the last choice', () => {
    const specs = [spec('a'), spec('b')];
    expect(getDefaultModelSpec({ ...args, specs, lastSpec: 'b' })).toBeNull();
    expect(getDefaultModelSpec({ ...args, specs, lastChoiceSpec: 'b' })?.name).toBe('b');
    expect(getDefaultModelSpec({ ...args, specs: [] })).toBeNull();
  });
});

describe('model specs from the startup config', () => {
  it('keeps well-formed specs in their order', () => {
    const list = [spec('late', { order: 5 }), { name: 'bad' }, spec('early', { order: 1 }), spec('unordered')];
    expect(readModelSpecs({ modelSpecs: { list } }).map((s) => s.name)).toEqual(['early', 'late', 'unordered']);
  });
  it('turns a spec into its endpoint, model and settings', () => {
    const setup = specToSetup(
      spec('writer', {
        label: 'Writer',
        iconURL: '/w.png',
        preset: { endpoint: 'openAI', model: 'gpt-4o', temperature: 0.2, foo: 1 },
      }),
      undefined,
    );
    expect(setup).toEqual({
      selection: { endpoint: 'openAI', model: 'gpt-4o', spec: 'writer' },
      settings: { temperature: 0.2, spec: 'writer', iconURL: '/w.png', modelLabel: 'Writer' },
    });
    expect(
      specToSetup(spec('x', { preset: { endpoint: 'openAI' } }), { openAI: ['gpt-4o-mini'] })?.selection.model,
    ).toBe('gpt-4o-mini');
  });
});
