import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, validateConfig } from './load-config.js';

const custom = (over: Record<string, unknown> = {}) => ({
  endpoints: { custom: [{ name: 'Ollama', apiKey: 'ollama', baseURL: 'http://localhost:11434/v1', models: { default: ['llama3'] }, ...over }] },
});

function problemsOf(raw: unknown): string[] {
  try {
    validateConfig(raw, 'test.yaml', {});
  } catch (err) {
    if (err instanceof ConfigError) return err.problems;
    throw err;
  }
  return [];
}

describe('config validation', () => {
  it('accepts an empty file with every default', () => {
    const config = validateConfig({}, 'x', {});
    expect(config.interface.modelSelect).toBe(true);
    expect(config.balance).toMatchObject({ enabled: false, startBalance: 20000, refillAmount: 10000, refillIntervalUnit: 'days' });
  });

  it('accepts a valid custom endpoint and resolves ${ENV} references', () => {
    const config = validateConfig(custom({ apiKey: '${MY_KEY}' }), 'x', { MY_KEY: 'secret' });
    expect(config.endpoints?.custom?.[0]?.apiKey).toBe('secret');
  });

  it('refuses a custom endpoint named like a built-in one, naming the field', () => {
    expect(problemsOf(custom({ name: 'openAI' }))).toEqual([expect.stringContaining('endpoints.custom.0.name')]);
    expect(problemsOf(custom({ name: 'Anthropic' }))[0]).toMatch(/built-in/);
  });

  it('takes fileStrategy local or s3 and refuses the strategies Confab does not store with, saying what to use', () => {
    expect(validateConfig({ fileStrategy: 's3' }, 'x', {}).fileStrategy).toBe('s3');
    for (const strategy of ['firebase', 'azure_blob']) {
      expect(problemsOf({ fileStrategy: strategy })).toEqual([
        `fileStrategy: fileStrategy "${strategy}" is not supported: use "local" (files under DATA_DIR/uploads) or "s3" (with the AWS_* variables)`,
      ]);
    }
  });

  it('checks the fileConfig section: sizes at least 0, known fields only', () => {
    const config = validateConfig({ fileConfig: { endpoints: { openAI: { fileLimit: 3, supportedMimeTypes: ['^image/'] } }, avatarSizeLimit: 1 } }, 'x', {});
    expect(config.fileConfig?.endpoints?.openAI?.fileLimit).toBe(3);
    expect(problemsOf({ fileConfig: { serverFileSizeLimit: -1 } })[0]).toMatch(/^fileConfig\.serverFileSizeLimit/);
    expect(problemsOf({ fileConfig: { endpoints: { openAI: { fileSizeLimt: 3 } } } })[0]).toMatch(/^fileConfig\.endpoints\.openAI/);
    expect(problemsOf({ fileConfig: { imageGeneration: { percentage: 101 } } })[0]).toMatch(/^fileConfig\.imageGeneration\.percentage/);
  });

  it('refuses a custom endpoint without models', () => {
    expect(problemsOf(custom({ models: { default: [] } }))[0]).toMatch(/endpoints\.custom\.0\.models\.default/);
    expect(problemsOf(custom({ models: undefined }))[0]).toMatch(/endpoints\.custom\.0\.models/);
  });

  it('refuses an invalid URL', () => {
    expect(problemsOf(custom({ baseURL: 'not a url' }))[0]).toMatch(/endpoints\.custom\.0\.baseURL/);
    expect(problemsOf(custom({ baseURL: 'ftp://host/v1' }))[0]).toMatch(/baseURL/);
  });

  it('refuses unknown keys and wrong types with their paths', () => {
    expect(problemsOf({ interface: { modelSelect: 'yes' } })[0]).toMatch(/^interface\.modelSelect/);
    expect(problemsOf({ balance: { startBalance: -1 } })[0]).toMatch(/^balance\.startBalance/);
    expect(problemsOf({ endpoints: {} })[0]).toMatch(/At least one endpoints field must be provided/);
    expect(problemsOf({ modelSpecs: { list: [] } })[0]).toMatch(/modelSpecs\.list/);
    expect(problemsOf({ unknownSection: 1 })[0]).toMatch(/unknownSection|Unrecognized/);
  });

  it('checks the built-in families\' sections too', () => {
    expect(problemsOf({ endpoints: { anthropic: { models: [] } } })[0]).toMatch(/^endpoints\.anthropic\.models/);
    expect(problemsOf({ endpoints: { azureOpenAI: { groups: [] } } })[0]).toMatch(/^endpoints\.azureOpenAI\.groups/);
    expect(problemsOf({ endpoints: { google: { typo: true } } })[0]).toMatch(/endpoints\.google/);
  });

  it('checks endpoints.agents: LibreChat\'s keys, known capabilities, positive limits, no typos', () => {
    const agents = { recursionLimit: 10, maxRecursionLimit: 20, disableBuilder: true, capabilities: ['tools', 'actions'], allowedProviders: ['openAI'] };
    expect(validateConfig({ endpoints: { agents } }, 'x', {}).endpoints?.agents).toEqual(agents);
    expect(problemsOf({ endpoints: { agents: { recursionLimt: 10 } } })[0]).toMatch(/^endpoints\.agents/);
    expect(problemsOf({ endpoints: { agents: { capabilities: ['teleport'] } } })[0]).toMatch(/^endpoints\.agents\.capabilities\.0/);
    expect(problemsOf({ endpoints: { agents: { recursionLimit: 0 } } })[0]).toMatch(/^endpoints\.agents\.recursionLimit/);
  });

  it('reports YAML syntax errors and reads a missing file as defaults', () => {
    const dir = mkdtempSync(join(tmpdir(), 'confab-config-'));
    const bad = join(dir, 'bad.yaml');
    writeFileSync(bad, 'interface:\n  modelSelect: [unclosed\n');
    expect(() => loadConfig(bad, {})).toThrow(ConfigError);
    expect(loadConfig(join(dir, 'missing.yaml'), {}).version).toBe('1.2.5');
  });
});
