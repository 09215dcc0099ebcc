import type { AzureEndpointSettings } from '../endpoint-catalog.js';
import { ProviderError, type ResolvedCredentials } from '../types.js';

/** Where one Azure request goes: `{baseURL}/deployments/{deployment}/chat/completions?api-version={apiVersion}`. */
export interface AzureTarget {
  baseURL: string;
  deployment: string;
  apiVersion: string;
  apiKey: string;
  headers: Record<string, string>;
}

// Names end up in a host name and a path: only what Azure itself allows, so a user's
// instance name can never point the request at another host.
const INSTANCE_NAME = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,62}[a-zA-Z0-9])?$/;
const DEPLOYMENT_NAME = /^[\w.-]{1,64}$/;
const API_VERSION = /^[\w.-]{1,40}$/;

/** LibreChat's rule for a model used as its own deployment: Azure names have no dots (gpt-3.5-turbo → gpt-35-turbo). */
export const sanitizeDeploymentName = (model: string): string => model.replace(/\./g, '');

function check(value: string, pattern: RegExp, what: string): string {
  if (!pattern.test(value))
    throw new ProviderError('invalid_request_error', `The Azure OpenAI ${what} "${value.slice(0, 80)}" is not valid.`);
  return value;
}

/**
 * Resolves the deployment of `model`: the YAML group that lists it, else the environment's;
 * a user's own key brings its own instance, deployment and version (SPEC 3, Endpoint key
 * inputs). A base URL may carry `${INSTANCE_NAME}` / `${DEPLOYMENT_NAME}`, and may end in
 * `/deployments/{name}` as LibreChat's AZURE_OPENAI_BASEURL often does.
 */
export function resolveAzureTarget(
  azure: AzureEndpointSettings,
  credentials: ResolvedCredentials,
  model: string,
): AzureTarget {
  const configured = azure.byModel[model] ?? azure.fallback;
  const fields = credentials.isUserKey ? credentials.fields : {};
  const instanceName = fields.azureOpenAIApiInstanceName?.trim() || configured.instanceName;
  const apiVersion = check(fields.azureOpenAIApiVersion?.trim() || configured.apiVersion, API_VERSION, 'API version');
  const named =
    fields.azureOpenAIApiDeploymentName?.trim() ||
    (azure.useModelAsDeploymentName ? undefined : configured.deploymentName);
  let deployment = named ?? sanitizeDeploymentName(model);
  // The form puts a placeholder in apiKey; the Azure field holds the real key.
  const apiKey = credentials.isUserKey ? fields.azureOpenAIApiKey?.trim() || credentials.apiKey : configured.apiKey;

  let baseURL: string;
  if (configured.baseURL) {
    baseURL = configured.baseURL
      .replaceAll('${INSTANCE_NAME}', instanceName ? check(instanceName, INSTANCE_NAME, 'instance name') : '')
      .replaceAll('${DEPLOYMENT_NAME}', check(deployment, DEPLOYMENT_NAME, 'deployment name'));
  } else if (instanceName) {
    baseURL = `https://${check(instanceName, INSTANCE_NAME, 'instance name')}.openai.azure.com/openai`;
  } else {
    throw new ProviderError('invalid_request_error', 'Azure OpenAI needs an instance name or a base URL.');
  }
  baseURL = baseURL.replace(/\/+$/, '');
  const inPath = /^(.*)\/deployments\/([^/]+)$/.exec(baseURL);
  if (inPath?.[1] && inPath[2]) {
    baseURL = inPath[1];
    deployment = decodeURIComponent(inPath[2]);
  }
  return {
    baseURL,
    deployment: check(deployment, DEPLOYMENT_NAME, 'deployment name'),
    apiVersion,
    apiKey,
    headers: configured.headers,
  };
}
