import type { AdminEndpointView } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api-client';
import {
  emptyFormValues,
  errorsFromApi,
  formValuesFromView,
  missingRequiredFields,
  toConnectionTestInput,
  toEndpointInput,
} from './endpoint-form-values';

describe('toEndpointInput', () => {
  it('sends a custom endpoint with its name, URL, key and models, trimmed', () => {
    const values = {
      ...emptyFormValues('custom'),
      name: ' Ollama ',
      baseURL: 'http://localhost:11434/v1 ',
      apiKey: ' sk-local ',
      models: ['llama3'],
    };
    expect(toEndpointInput(values)).toEqual({
      family: 'custom',
      name: 'Ollama',
      baseURL: 'http://localhost:11434/v1',
      apiKey: 'sk-local',
      models: ['llama3'],
      fetchModels: false,
      titleConvo: true,
    });
  });

  it('leaves an empty key out, so an edit keeps the stored one', () => {
    const input = toEndpointInput({ ...emptyFormValues('openAI'), apiKey: '   ' });
    expect(input).not.toHaveProperty('apiKey');
    expect(input).not.toHaveProperty('name');
  });

  it("sends only the family's own fields", () => {
    const azure = toEndpointInput({
      ...emptyFormValues('azureOpenAI'),
      azureInstance: 'contoso',
      azureApiVersion: '2024-10-21',
      bedrockRegion: 'us-east-1',
    });
    expect(azure.azure).toEqual({ instanceName: 'contoso', apiVersion: '2024-10-21' });
    expect(azure).not.toHaveProperty('bedrock');

    const bedrock = toEndpointInput({
      ...emptyFormValues('bedrock'),
      bedrockRegion: 'eu-west-1',
      bedrockAccessKeyId: 'AKIA1',
      baseURL: 'https://ignored.example',
    });
    expect(bedrock.bedrock).toEqual({ region: 'eu-west-1', accessKeyId: 'AKIA1' });
    expect(bedrock).not.toHaveProperty('baseURL');
  });
});

describe('toConnectionTestInput', () => {
  it("uses a saved endpoint's stored key when no key is typed", () => {
    expect(toConnectionTestInput({ ...emptyFormValues('anthropic') }, 'ep1')).toEqual({
      family: 'anthropic',
      id: 'ep1',
    });
    expect(toConnectionTestInput({ ...emptyFormValues('anthropic'), apiKey: 'sk-new' }, 'ep1')).toEqual({
      family: 'anthropic',
      apiKey: 'sk-new',
    });
  });
});

describe('formValuesFromView', () => {
  it('fills the form from a saved endpoint and never a key', () => {
    const view: AdminEndpointView = {
      id: 'ep1',
      name: 'LM Studio',
      family: 'custom',
      source: 'setup',
      baseURL: 'http://localhost:1234/v1',
      models: ['qwen'],
      fetchModels: true,
      titleConvo: false,
      hasKey: true,
      keyLast4: 'abcd',
      isActive: true,
    };
    const values = formValuesFromView(view);
    expect(values).toMatchObject({
      name: 'LM Studio',
      baseURL: 'http://localhost:1234/v1',
      apiKey: '',
      models: ['qwen'],
    });
    expect(values.fetchModels).toBe(true);
    expect(values.titleConvo).toBe(false);
  });
});

describe('missingRequiredFields', () => {
  it('names what each family needs', () => {
    expect(missingRequiredFields(emptyFormValues('custom'))).toEqual(['name', 'baseURL']);
    expect(missingRequiredFields(emptyFormValues('azureOpenAI'))).toEqual(['azureInstance']);
    expect(missingRequiredFields({ ...emptyFormValues('bedrock'), bedrockRegion: 'us-east-1' })).toEqual([
      'bedrockAccessKeyId',
    ]);
    expect(missingRequiredFields(emptyFormValues('openAI'))).toEqual([]);
  });
});

describe('errorsFromApi', () => {
  it("puts a 400's issues next to their fields", () => {
    const error = new ApiError(400, {
      code: 'validation_error',
      message: 'baseURL: Enter an http:// or https:// URL',
      issues: [
        { path: 'baseURL', message: 'Enter an http:// or https:// URL' },
        { path: 'models.2', message: 'Too long' },
        { path: 'bedrock.accessKeyId', message: 'Required' },
        { path: '', message: 'Something else' },
      ],
    });
    expect(errorsFromApi(error, 'custom')).toEqual({
      fields: { baseURL: 'Enter an http:// or https:// URL', models: 'Too long', bedrockAccessKeyId: 'Required' },
      general: 'Something else',
    });
  });

  it("shows a custom endpoint's 409 endpoint_exists under its name, a built-in one's above the buttons", () => {
    const conflict = new ApiError(409, { code: 'endpoint_exists', message: 'An endpoint named "x" is already added' });
    expect(errorsFromApi(conflict, 'custom')).toEqual({ fields: { name: 'An endpoint named "x" is already added' } });
    expect(errorsFromApi(conflict, 'openAI')).toEqual({
      fields: {},
      general: 'An endpoint named "x" is already added',
    });
  });
});
