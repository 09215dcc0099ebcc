import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ProviderError } from '../types.js';
import { buildLocalEndpoint, isLocalModelFileName, localModelPath } from './local-endpoint.js';

describe('isLocalModelFileName', () => {
  it('accepts plain .gguf file names', () => {
    expect(isLocalModelFileName('tiny.gguf')).toBe(true);
    expect(isLocalModelFileName('Qwen2.5 0.5B Q4_K_M.GGUF')).toBe(true);
  });

  it('refuses folders, traversal, dot files and other extensions', () => {
    for (const name of ['../x.gguf', 'a/b.gguf', 'a\\b.gguf', '.hidden.gguf', 'model.bin', 'model.gguf.part', '']) {
      expect(isLocalModelFileName(name)).toBe(false);
    }
  });
});

describe('buildLocalEndpoint', () => {
  it('is absent without files', () => {
    expect(buildLocalEndpoint('/data/models', [])).toBeUndefined();
  });

  it('lists the files as the models of one "Local" endpoint of the local family', () => {
    const endpoint = buildLocalEndpoint('/data/models', ['b.gguf', 'a.gguf']);
    expect(endpoint).toMatchObject({
      name: 'Local',
      family: 'local',
      models: ['a.gguf', 'b.gguf'],
      modelsConfigured: true,
    });
  });
});

describe('localModelPath', () => {
  const endpoint = buildLocalEndpoint(join('/data', 'models'), ['a.gguf'])!;

  it('resolves a listed model to its file in the folder', () => {
    expect(localModelPath(endpoint, 'a.gguf')).toBe(join('/data', 'models', 'a.gguf'));
  });

  it('refuses a model the endpoint does not list', () => {
    expect(() => localModelPath(endpoint, 'b.gguf')).toThrow(ProviderError);
    expect(() => localModelPath({ ...endpoint, models: ['../a.gguf'] }, '../a.gguf')).toThrow(ProviderError);
  });
});
