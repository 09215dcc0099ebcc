import { describe, expect, it } from 'vitest';
import type { Preset } from '../presets/presets-api';
import { buildSelectorSections, SEARCH_THRESHOLD, type SelectorInput } from './selector-options';

const endpoints = {
  openAI: { userProvide: false, order: 0 },
  gptPlugins: { userProvide: false, order: 1 },
  agents: { userProvide: false, order: 2 },
  BringYourKey: { type: 'custom' as const, userProvide: true, order: 11 },
};
const models = { openAI: ['gpt-4o-mini', 'gpt-4o'], gptPlugins: ['gpt-4o'], agents: [], BringYourKey: ['byok-model'] };
const preset = {
  presetId: 'p1',
  title: 'Concise',
  endpoint: 'openAI',
  model: 'gpt-4o',
  defaultPreset: false,
} as Preset;
const input: SelectorInput = {
  endpoints,
  models,
  specs: [{ name: 'writer', label: 'Writer', description: 'Long-form', preset: { endpoint: 'openAI' } }],
  presets: [preset],
  showEndpoints: true,
  showPresets: true,
  canUseAgents: false,
  agents: [
    {
      id: 'agent_a',
      name: 'Researcher',
      description: 'Finds sources',
      avatarUrl: null,
      model: 'gpt-4o',
      isBuiltIn: false,
    },
    { id: 'agent_b', name: 'Echo bot', description: null, avatarUrl: null, model: 'gpt-4o-mini', isBuiltIn: false },
  ],
  query: '',
};

describe('buildSelectorSections (SPEC 2, model selector menu)', () => {
  it('lists specs, endpoints with models and presets; agents only with AGENTS USE', () => {
    const sections = buildSelectorSections(input);
    expect(sections.groups.map((g) => g.endpoint)).toEqual(['openAI', 'gptPlugins', 'BringYourKey']);
    expect(buildSelectorSections({ ...input, canUseAgents: true }).groups.map((g) => g.endpoint)).toContain('agents');
    expect(sections.specs).toHaveLength(1);
    expect(sections.presets).toHaveLength(1);
    expect(sections.optionCount).toBe(1 + 2 + 1 + 1 + 1);
  });
  it('lists the agents under the agents endpoint and searches them by name and description', () => {
    const withAgents = buildSelectorSections({ ...input, canUseAgents: true });
    const group = withAgents.groups.find((g) => g.endpoint === 'agents');
    expect(group?.agents.map((a) => a.id)).toEqual(['agent_a', 'agent_b']);
    expect(group?.models).toEqual([]);
    expect(withAgents.optionCount).toBe(1 + 2 + 1 + 2 + 1 + 1);
    const found = buildSelectorSections({ ...input, canUseAgents: true, query: 'sources' });
    expect(found.groups).toEqual([expect.objectContaining({ endpoint: 'agents', agents: [input.agents[0]] })]);
    expect(buildSelectorSections({ ...input, canUseAgents: false, query: 'echo' }).matchCount).toBe(0);
  });
  it('lists built-in agents apart from "My Agents", and finds them by name', () => {
    const meme = {
      id: 'agent_meme_maker',
      name: 'Meme maker',
      description: 'Memes',
      avatarUrl: null,
      model: 'm',
      isBuiltIn: true,
    };
    const sections = buildSelectorSections({ ...input, canUseAgents: true, agents: [meme, ...input.agents] });
    const group = sections.groups.find((g) => g.endpoint === 'agents');
    expect(group?.builtInAgents).toEqual([meme]);
    expect(group?.agents.map((a) => a.id)).toEqual(['agent_a', 'agent_b']);
    expect(sections.optionCount).toBe(1 + 2 + 1 + 3 + 1 + 1);
    const found = buildSelectorSections({
      ...input,
      canUseAgents: true,
      agents: [meme, ...input.agents],
      query: 'meme',
    });
    expect(found.groups).toEqual([expect.objectContaining({ endpoint: 'agents', agents: [], builtInAgents: [meme] })]);
    expect(found.matchCount).toBe(1);
  });
  it('marks plugins deprecated and user-key endpoints for the key button', () => {
    const groups = buildSelectorSections(input).groups;
    expect(groups.find((g) => g.endpoint === 'gptPlugins')?.isDeprecated).toBe(true);
    expect(groups.find((g) => g.endpoint === 'BringYourKey')?.needsKey).toBe(true);
    expect(groups.find((g) => g.endpoint === 'openAI')?.needsKey).toBe(false);
  });
  it('searches models, endpoint names, specs and presets', () => {
    const byModel = buildSelectorSections({ ...input, query: 'MINI' });
    expect(byModel.groups).toEqual([expect.objectContaining({ endpoint: 'openAI', models: ['gpt-4o-mini'] })]);
    expect(byModel.specs).toEqual([]);
    expect(buildSelectorSections({ ...input, query: 'bring' }).groups[0]?.models).toEqual(['byok-model']);
    expect(buildSelectorSections({ ...input, query: 'long-form' }).specs).toHaveLength(1);
    expect(buildSelectorSections({ ...input, query: 'concise' }).presets).toHaveLength(1);
    expect(buildSelectorSections({ ...input, query: 'zzz' }).matchCount).toBe(0);
  });
  it('hides endpoints or presets when the interface turns them off', () => {
    expect(buildSelectorSections({ ...input, showEndpoints: false }).groups).toEqual([]);
    expect(buildSelectorSections({ ...input, showPresets: false }).presets).toEqual([]);
  });
  it('counts options so the search box shows past the threshold', () => {
    expect(SEARCH_THRESHOLD).toBe(10);
    const many = { openAI: Array.from({ length: 11 }, (_, i) => `m${i}`) };
    expect(
      buildSelectorSections({ ...input, specs: [], presets: [], models: many, endpoints: { openAI: endpoints.openAI } })
        .optionCount,
    ).toBe(11);
  });
});
