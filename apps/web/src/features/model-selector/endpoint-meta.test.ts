import { describe, expect, it } from 'vitest';
import { getEndpointFamily, getEndpointLabel, getParameterFamily, needsUserKey } from './endpoint-meta';

describe('endpoint families (SPEC 1)', () => {
  it('reads built-in names and custom endpoints', () => {
    expect(getEndpointFamily('anthropic', { userProvide: false, order: 3 })).toBe('anthropic');
    expect(getEndpointFamily('openAI', undefined)).toBe('openAI');
    expect(getEndpointFamily('Simulator', { type: 'custom', userProvide: false, order: 10 })).toBe('custom');
    expect(getEndpointFamily('Mystery', undefined)).toBe('custom');
  });
  it('maps families to parameter tables; assistants and agents keep their own', () => {
    expect(getParameterFamily('gptPlugins')).toBe('openAI');
    expect(getParameterFamily('bedrock')).toBe('bedrock');
    expect(getParameterFamily('agents')).toBeNull();
  });
  it('labels built-ins by family and custom endpoints by name', () => {
    const endpoints = {
      azureOpenAI: { userProvide: false, order: 1, modelDisplayLabel: 'AI' },
      Simulator: { type: 'custom' as const, userProvide: false, order: 10, modelDisplayLabel: 'Sim' },
    };
    expect(getEndpointLabel('azureOpenAI', endpoints)).toBe('Azure OpenAI');
    expect(getEndpointLabel('Simulator', endpoints)).toBe('Simulator');
  });
  it('needs the user key when the key or the base URL is user-provided', () => {
    expect(needsUserKey({ userProvide: true, order: 0 })).toBe(true);
    expect(needsUserKey({ userProvide: false, userProvideURL: true, order: 0 })).toBe(true);
    expect(needsUserKey({ userProvide: false, order: 0 })).toBe(false);
    expect(needsUserKey(undefined)).toBe(false);
  });
});
