import { describe, expect, it } from 'vitest';
import type { ResolvedCredentials } from '../types.js';
import type { AzureEndpointSettings } from '../endpoint-catalog.js';
import { resolveAzureTarget, sanitizeDeploymentName } from './resolve-azure-target.js';

const azure = (
  over: Partial<AzureEndpointSettings['fallback']> = {},
  rest: Partial<AzureEndpointSettings> = {},
): AzureEndpointSettings => ({
  byModel: {},
  fallback: {
    apiKey: 'server-key',
    instanceName: 'my-resource',
    deploymentName: 'prod-4o',
    apiVersion: '2024-10-21',
    headers: {},
    ...over,
  },
  useModelAsDeploymentName: false,
  ...rest,
});
const server: ResolvedCredentials = { apiKey: 'server-key', isUserKey: false, isUserBaseURL: false, fields: {} };

describe('resolveAzureTarget', () => {
  it('builds the resource URL from the instance name, with the configured deployment', () => {
    expect(resolveAzureTarget(azure(), server, 'gpt-4o')).toEqual({
      baseURL: 'https://my-resource.openai.azure.com/openai',
      deployment: 'prod-4o',
      apiVersion: '2024-10-21',
      apiKey: 'server-key',
      headers: {},
    });
  });

  it('uses the model as deployment (dots removed) when asked or when none is named', () => {
    expect(resolveAzureTarget(azure({}, { useModelAsDeploymentName: true }), server, 'gpt-3.5-turbo').deployment).toBe(
      'gpt-35-turbo',
    );
    expect(resolveAzureTarget(azure({ deploymentName: undefined }), server, 'gpt-4.1').deployment).toBe('gpt-41');
    expect(sanitizeDeploymentName('gpt-4.1-mini')).toBe('gpt-41-mini');
  });

  it('prefers the YAML group that lists the model', () => {
    const groups = azure(
      {},
      {
        byModel: {
          'gpt-4o': {
            apiKey: 'group-key',
            instanceName: 'team',
            deploymentName: 'team-4o',
            apiVersion: '2025-01-01-preview',
            headers: { 'x-team': '1' },
          },
        },
      },
    );
    expect(resolveAzureTarget(groups, server, 'gpt-4o')).toMatchObject({
      baseURL: 'https://team.openai.azure.com/openai',
      deployment: 'team-4o',
      apiKey: 'group-key',
      headers: { 'x-team': '1' },
    });
  });

  it('fills ${INSTANCE_NAME} and ${DEPLOYMENT_NAME} and reads a deployment at the end of the base URL', () => {
    const templated = azure({
      baseURL: 'https://gw.example.com/${INSTANCE_NAME}/openai/deployments/${DEPLOYMENT_NAME}',
    });
    expect(resolveAzureTarget(templated, server, 'gpt-4o')).toMatchObject({
      baseURL: 'https://gw.example.com/my-resource/openai',
      deployment: 'prod-4o',
    });
  });

  it('takes a user’s key, instance, deployment and version over the placeholder apiKey', () => {
    const user: ResolvedCredentials = {
      apiKey: 'placeholder',
      isUserKey: true,
      isUserBaseURL: false,
      fields: {
        azureOpenAIApiKey: 'user-key',
        azureOpenAIApiInstanceName: 'user-res',
        azureOpenAIApiDeploymentName: 'user-dep',
        azureOpenAIApiVersion: '2024-06-01',
      },
    };
    expect(resolveAzureTarget(azure({ instanceName: undefined }), user, 'gpt-4o')).toMatchObject({
      baseURL: 'https://user-res.openai.azure.com/openai',
      deployment: 'user-dep',
      apiVersion: '2024-06-01',
      apiKey: 'user-key',
    });
  });

  it('refuses names that could leave Azure, and a missing instance', () => {
    const user = (name: string): ResolvedCredentials => ({
      apiKey: 'k',
      isUserKey: true,
      isUserBaseURL: false,
      fields: { azureOpenAIApiInstanceName: name },
    });
    expect(() => resolveAzureTarget(azure(), user('evil.com/x?'), 'gpt-4o')).toThrow(/instance name/);
    expect(() => resolveAzureTarget(azure(), user('a@attacker'), 'gpt-4o')).toThrow(/instance name/);
    expect(() => resolveAzureTarget(azure({ instanceName: undefined }), server, 'gpt-4o')).toThrow(
      /instance name or a base URL/,
    );
  });
});
