import type {
  AdminEndpointView,
  ConnectionTestInput,
  ManagedEndpointFamily,
  ManagedEndpointInput,
} from '@confab/shared';
import { ApiError } from '../../lib/api-client';

/** The endpoint form as typed: every field a string, the family's own ones among them. */
export interface EndpointFormValues {
  family: ManagedEndpointFamily;
  name: string;
  baseURL: string;
  apiKey: string;
  azureInstance: string;
  azureDeployment: string;
  azureApiVersion: string;
  bedrockRegion: string;
  bedrockAccessKeyId: string;
  models: string[];
  fetchModels: boolean;
  titleConvo: boolean;
}

export type EndpointField =
  | 'name'
  | 'baseURL'
  | 'apiKey'
  | 'azureInstance'
  | 'azureDeployment'
  | 'azureApiVersion'
  | 'bedrockRegion'
  | 'bedrockAccessKeyId'
  | 'models';
export type FieldErrors = Partial<Record<EndpointField, string>>;

export function emptyFormValues(family: ManagedEndpointFamily): EndpointFormValues {
  return {
    family,
    name: '',
    baseURL: '',
    apiKey: '',
    azureInstance: '',
    azureDeployment: '',
    azureApiVersion: '',
    bedrockRegion: '',
    bedrockAccessKeyId: '',
    models: [],
    fetchModels: false,
    titleConvo: true,
  };
}

/** A saved endpoint in the form; the key stays empty (the server keeps it unless a new one is typed). */
export function formValuesFromView(view: AdminEndpointView): EndpointFormValues {
  const family = view.family === 'local' ? 'custom' : view.family;
  return {
    ...emptyFormValues(family),
    name: family === 'custom' ? view.name : '',
    baseURL: view.baseURL ?? '',
    azureInstance: view.azure?.instanceName ?? '',
    azureDeployment: view.azure?.deploymentName ?? '',
    azureApiVersion: view.azure?.apiVersion ?? '',
    bedrockRegion: view.bedrock?.region ?? '',
    bedrockAccessKeyId: view.bedrock?.accessKeyId ?? '',
    models: [...view.models],
    fetchModels: view.fetchModels,
    titleConvo: view.titleConvo,
  };
}

const filled = (value: string): string | undefined => (value.trim() ? value.trim() : undefined);

function familyFields(values: EndpointFormValues): Pick<ConnectionTestInput, 'baseURL' | 'azure' | 'bedrock'> {
  const baseURL = filled(values.baseURL);
  const instanceName = filled(values.azureInstance);
  const deploymentName = filled(values.azureDeployment);
  const apiVersion = filled(values.azureApiVersion);
  const region = filled(values.bedrockRegion);
  const accessKeyId = filled(values.bedrockAccessKeyId);
  return {
    // Google and Bedrock are reached at their own addresses; the form has no URL for them.
    ...(baseURL && values.family !== 'google' && values.family !== 'bedrock' ? { baseURL } : {}),
    ...(values.family === 'azureOpenAI' && instanceName
      ? {
          azure: { instanceName, ...(deploymentName ? { deploymentName } : {}), ...(apiVersion ? { apiVersion } : {}) },
        }
      : {}),
    ...(values.family === 'bedrock' && (region || accessKeyId)
      ? { bedrock: { region: region ?? '', accessKeyId: accessKeyId ?? '' } }
      : {}),
  };
}

/**
 * What the form sends to add or change an endpoint. On an edit an empty key field is left out,
 * which keeps the stored key; on an add it is left out too (a keyless local server).
 */
export function toEndpointInput(values: EndpointFormValues): ManagedEndpointInput {
  const apiKey = filled(values.apiKey);
  const name = filled(values.name);
  return {
    family: values.family,
    ...(values.family === 'custom' && name ? { name } : {}),
    ...familyFields(values),
    ...(apiKey ? { apiKey } : {}),
    models: values.models,
    fetchModels: values.family === 'custom' && values.fetchModels,
    titleConvo: values.titleConvo,
  };
}

/** The connection test of what is typed; a saved endpoint's stored key is used when none is. */
export function toConnectionTestInput(values: EndpointFormValues, savedId?: string): ConnectionTestInput {
  const apiKey = filled(values.apiKey);
  return {
    family: values.family,
    ...familyFields(values),
    ...(apiKey ? { apiKey } : savedId ? { id: savedId } : {}),
  };
}

/** The API's issue paths (zod's, joined with dots) as the form's fields. */
const FIELD_BY_PATH: Record<string, EndpointField> = {
  name: 'name',
  baseURL: 'baseURL',
  apiKey: 'apiKey',
  azure: 'azureInstance',
  'azure.instanceName': 'azureInstance',
  'azure.deploymentName': 'azureDeployment',
  'azure.apiVersion': 'azureApiVersion',
  bedrock: 'bedrockRegion',
  'bedrock.region': 'bedrockRegion',
  'bedrock.accessKeyId': 'bedrockAccessKeyId',
  models: 'models',
};

function fieldOfPath(path: string): EndpointField | undefined {
  return FIELD_BY_PATH[path] ?? (path.startsWith('models.') ? 'models' : undefined);
}

/**
 * An API refusal split into the messages shown next to their fields and the rest (shown above
 * the buttons). A 409 `endpoint_exists` belongs to the name of a custom endpoint.
 */
export function errorsFromApi(
  error: unknown,
  family: ManagedEndpointFamily,
): { fields: FieldErrors; general?: string } {
  if (!(error instanceof ApiError))
    return { fields: {}, general: error instanceof Error ? error.message : String(error) };
  if (error.code === 'endpoint_exists' && family === 'custom') return { fields: { name: error.message } };
  const issues = (error.body as { issues?: { path?: unknown; message?: unknown }[] } | null)?.issues;
  if (error.status !== 400 || !Array.isArray(issues)) return { fields: {}, general: error.message };
  const fields: FieldErrors = {};
  const unplaced: string[] = [];
  for (const issue of issues) {
    const message = typeof issue.message === 'string' ? issue.message : '';
    const field = typeof issue.path === 'string' ? fieldOfPath(issue.path) : undefined;
    if (field && !fields[field]) fields[field] = message;
    else if (!field && message) unplaced.push(message);
  }
  return unplaced.length > 0 ? { fields, general: unplaced.join(' ') } : { fields };
}

/** Fields the family needs that are still empty (checked before sending, for a friendlier message). */
export function missingRequiredFields(values: EndpointFormValues): EndpointField[] {
  const required: EndpointField[] = [];
  if (values.family === 'custom') required.push('name', 'baseURL');
  if (values.family === 'azureOpenAI' && !values.baseURL.trim()) required.push('azureInstance');
  if (values.family === 'bedrock') required.push('bedrockRegion', 'bedrockAccessKeyId');
  return required.filter((field) => {
    const value = values[field];
    return typeof value === 'string' && !value.trim();
  });
}
