import { describe, expect, it } from 'vitest';
import type { ModelSpec } from '../../model-selector/model-specs';
import type { ModelSelection } from './model-selection';
import { getInitialSetup, planChoice } from './setup-rules';

const endpoints = {
  openAI: { userProvide: false, order: 0 },
  Simulator: { type: 'custom' as const, userProvide: false, order: 10 },
};
const models = { openAI: ['gpt-4o-mini', 'gpt-4o'], Simulator: ['sim-fast', 'sim-smart'] };
const spec = (name: string, extra: Partial<ModelSpec> = {}): ModelSpec => ({
  name,
  label: name.toUpperCase(),
  preset: { endpoint: 'Simulator', model: 'sim-smart', temperature: 0.3 },
  ...extra,
});
const base = {
  endpoints,
  models,
  specs: [] as ModelSpec[],
  isPrioritized: false,
  isModelSelectShown: true,
  isEndpointsMenuShown: true,
  defaultPreset: null,
  last: null,
  lastSpec: null,
};

describe('getInitialSetup (SPEC 4, new conversation)', () => {
  it('starts from the first model of the first endpoint when nothing else is known', () => {
    expect(getInitialSetup(base)).toEqual({ selection: { endpoint: 'openAI', model: 'gpt-4o-mini' }, settings: {} });
  });
  it('restores the last model chosen', () => {
    const last = { endpoint: 'Simulator', model: 'sim-fast' };
    expect(getInitialSetup({ ...base, last })?.selection).toEqual(last);
  });
  it('prefers the default preset to the last model', () => {
    const defaultPreset = { selection: { endpoint: 'openAI', model: 'gpt-4o' }, settings: { temperature: 0.5 } };
    expect(getInitialSetup({ ...base, defaultPreset, last: { endpoint: 'Simulator', model: 'sim-fast' } })).toBe(
      defaultPreset,
    );
  });
  it('uses the spec marked default, with its settings', () => {
    const setup = getInitialSetup({ ...base, specs: [spec('a'), spec('b', { default: true })] });
    expect(setup?.selection).toEqual({ endpoint: 'Simulator', model: 'sim-smart', spec: 'b' });
    expect(setup?.settings).toMatchObject({ temperature: 0.3, spec: 'b', modelLabel: 'B' });
  });
  it('without a marked spec, uses the spec of the last choice, else the last model', () => {
    const specs = [spec('a'), spec('b')];
    expect(
      getInitialSetup({ ...base, specs, last: { endpoint: 'Simulator', model: 'sim-smart', spec: 'b' } })?.selection
        .spec,
    ).toBe('b');
    expect(
      getInitialSetup({ ...base, specs, lastSpec: 'b', last: { endpoint: 'openAI', model: 'gpt-4o' } })?.selection,
    ).toEqual({
      endpoint: 'openAI',
      model: 'gpt-4o',
    });
  });
  it('with specs prioritised or the selector hidden: last-selected spec, else the first, over a default preset', () => {
    const specs = [spec('a'), spec('b')];
    const defaultPreset = { selection: { endpoint: 'openAI', model: 'gpt-4o' }, settings: {} };
    expect(getInitialSetup({ ...base, specs, isPrioritized: true, defaultPreset })?.selection.spec).toBe('a');
    expect(getInitialSetup({ ...base, specs, isModelSelectShown: false, lastSpec: 'b' })?.selection.spec).toBe('b');
  });
  it('skips specs and presets whose endpoint is not served', () => {
    const gone = spec('gone', { default: true, preset: { endpoint: 'Nowhere', model: 'x' } });
    const defaultPreset = { selection: { endpoint: 'Nowhere', model: 'x' }, settings: {} };
    expect(getInitialSetup({ ...base, specs: [gone], defaultPreset })?.selection).toEqual({
      endpoint: 'openAI',
      model: 'gpt-4o-mini',
    });
  });
  it('starts from the first spec when the endpoints menu is hidden', () => {
    expect(getInitialSetup({ ...base, specs: [spec('a')], isEndpointsMenuShown: false })?.selection.spec).toBe('a');
  });
});

describe('planChoice (SPEC 4, endpoint switch)', () => {
  const current = { endpoint: 'Simulator', model: 'sim-fast' };
  const withAssistants = {
    ...endpoints,
    assistants: { userProvide: false, order: 20 },
    azureAssistants: { userProvide: false, order: 30 },
    agents: { userProvide: false, order: 40 },
  };
  const plan = (next: ModelSelection, extra: Partial<Parameters<typeof planChoice>[0]> = {}) =>
    planChoice({
      conversationId: 'c1',
      current,
      next,
      bringsSettings: false,
      isModular: true,
      endpoints: withAssistants,
      ...extra,
    });
  const keep = { kind: 'apply', replace: false };
  const continueElsewhere = { kind: 'apply', replace: true };
  const newChat = { kind: 'new-chat' };

  it('keeps an existing conversation and its settings when the endpoint is unchanged, modular or not', () => {
    expect(plan({ endpoint: 'Simulator', model: 'sim-smart' })).toEqual(keep);
    expect(plan({ endpoint: 'Simulator', model: 'sim-smart' }, { isModular: false })).toEqual(keep);
  });
  it('modular: another endpoint or agent continues the conversation with its own default settings', () => {
    expect(plan({ endpoint: 'openAI', model: 'gpt-4o' })).toEqual(continueElsewhere);
    expect(plan({ endpoint: 'openAI', model: 'gpt-4o' }, { bringsSettings: true })).toEqual(continueElsewhere);
    expect(plan({ endpoint: 'agents', model: 'gpt-4o', agentId: 'agent_a' })).toEqual(continueElsewhere);
    expect(
      plan(
        { endpoint: 'agents', model: 'gpt-4o', agentId: 'agent_b' },
        { current: { endpoint: 'agents', model: 'gpt-4o', agentId: 'agent_a' } },
      ),
    ).toEqual(continueElsewhere);
    expect(plan({ endpoint: 'Simulator', model: 'sim-fast' }, { current: null })).toEqual(continueElsewhere);
  });
  it('not modular: another endpoint or agent starts a new chat', () => {
    expect(plan({ endpoint: 'openAI', model: 'gpt-4o' }, { isModular: false })).toEqual(newChat);
    expect(
      plan(
        { endpoint: 'agents', model: 'gpt-4o', agentId: 'agent_b' },
        { isModular: false, current: { endpoint: 'agents', model: 'gpt-4o', agentId: 'agent_a' } },
      ),
    ).toEqual(newChat);
  });
  it('assistants: kept between two assistants-type endpoints, a new chat to or from any other', () => {
    const assistant = { endpoint: 'assistants', model: 'gpt-4o' };
    expect(plan({ endpoint: 'azureAssistants', model: 'gpt-4o' }, { current: assistant, isModular: false })).toEqual(
      continueElsewhere,
    );
    expect(plan(assistant)).toEqual(newChat);
    expect(plan({ endpoint: 'openAI', model: 'gpt-4o' }, { current: assistant })).toEqual(newChat);
  });
  it('a chat not yet created takes any choice, starting its settings over on a new endpoint or a preset', () => {
    const fresh = { conversationId: null, isModular: false };
    expect(plan({ endpoint: 'openAI', model: 'gpt-4o' }, fresh)).toEqual({ kind: 'apply', replace: true });
    expect(plan({ endpoint: 'Simulator', model: 'sim-smart' }, fresh)).toEqual({ kind: 'apply', replace: false });
    expect(plan(current, { ...fresh, bringsSettings: true })).toEqual({ kind: 'apply', replace: true });
  });
});
