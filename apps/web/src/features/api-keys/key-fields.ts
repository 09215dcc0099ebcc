import { TEXT_LIMITS } from '@confab/shared';
import type { EndpointConfig } from '../chat/api/chat-api';
import { getEndpointFamily, type EndpointFamily } from '../model-selector/endpoint-meta';

/** SPEC 3, Endpoint key inputs (plus Bedrock's AWS credentials, as LibreChat stores them). */
export type KeyFieldName =
  | 'apiKey'
  | 'baseURL'
  | 'azureOpenAIApiKey'
  | 'azureOpenAIApiInstanceName'
  | 'azureOpenAIApiDeploymentName'
  | 'azureOpenAIApiVersion'
  | 'GOOGLE_SERVICE_KEY'
  | 'GOOGLE_API_KEY'
  | 'accessKeyId'
  | 'secretAccessKey'
  | 'sessionToken';

export interface KeyField {
  name: KeyFieldName;
  kind: 'secret' | 'text' | 'url' | 'file';
  /** Empty blocks submission (SPEC 5, Endpoint keys). */
  isRequired: boolean;
}

export type KeyValues = Partial<Record<KeyFieldName, string>>;

/** What Azure's `apiKey` is set to: the four Azure fields carry the real credentials (SPEC 5). */
export const AZURE_API_KEY_PLACEHOLDER = 'n/a';

/** SPEC 5: the families whose empty fields block submission with the "required" toast. */
const REQUIRED_CHECK_FAMILIES: readonly EndpointFamily[] = [
  'openAI',
  'custom',
  'azureOpenAI',
  'gptPlugins',
  'assistants',
  'azureAssistants',
];
/** SPEC 5: where the user may never supply a base URL. */
const NO_BASE_URL_FAMILIES: readonly EndpointFamily[] = ['azureOpenAI', 'openAI', 'gptPlugins'];

/**
 * The inputs of the API key dialog for an endpoint (SPEC 5): Azure's four fields; Google's
 * service-key file and API key; AWS credentials for Bedrock; else an API key, plus a base URL
 * where the endpoint lets the user supply one.
 */
export function getKeyFields(endpoint: string, config: EndpointConfig | undefined): KeyField[] {
  const family = getEndpointFamily(endpoint, config);
  const checks = REQUIRED_CHECK_FAMILIES.includes(family);
  switch (family) {
    case 'azureOpenAI':
    case 'azureAssistants':
      return [
        { name: 'azureOpenAIApiKey', kind: 'secret', isRequired: true },
        { name: 'azureOpenAIApiInstanceName', kind: 'text', isRequired: true },
        { name: 'azureOpenAIApiDeploymentName', kind: 'text', isRequired: true },
        { name: 'azureOpenAIApiVersion', kind: 'text', isRequired: true },
      ];
    case 'google':
      return [
        { name: 'GOOGLE_SERVICE_KEY', kind: 'file', isRequired: false },
        { name: 'GOOGLE_API_KEY', kind: 'secret', isRequired: false },
      ];
    case 'bedrock':
      return [
        { name: 'accessKeyId', kind: 'text', isRequired: true },
        { name: 'secretAccessKey', kind: 'secret', isRequired: true },
        { name: 'sessionToken', kind: 'secret', isRequired: false },
      ];
    default: {
      const fields: KeyField[] = [];
      // An endpoint that only lets the user choose the URL still uses the configured key.
      if (config?.userProvide || !config?.userProvideURL)
        fields.push({ name: 'apiKey', kind: 'secret', isRequired: checks });
      if (config?.userProvideURL && !NO_BASE_URL_FAMILIES.includes(family)) {
        fields.push({ name: 'baseURL', kind: 'url', isRequired: checks });
      }
      return fields;
    }
  }
}

/** SPEC 5: the fields left empty that block submission, in the dialog's order. */
export function findMissingFields(fields: readonly KeyField[], values: KeyValues): KeyFieldName[] {
  return fields.filter((f) => f.isRequired && !values[f.name]?.trim()).map((f) => f.name);
}

export type ServiceKeyError = 'invalid_json' | 'client_email' | 'project_id' | 'private_key';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * SPEC 5: a Google service key is JSON with client_email (an email of at least 3 characters),
 * project_id (at least 3) and private_key (at least 601).
 */
export function validateServiceKey(text: string): { key: Record<string, unknown> } | { error: ServiceKeyError } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { error: 'invalid_json' };
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return { error: 'invalid_json' };
  const key = json as Record<string, unknown>;
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const email = str(key.client_email);
  if (email.length < 3 || !EMAIL.test(email)) return { error: 'client_email' };
  if (str(key.project_id).length < 3) return { error: 'project_id' };
  if (str(key.private_key).length < TEXT_LIMITS.googlePrivateKeyMin) return { error: 'private_key' };
  return { key };
}

/**
 * The `value` of PUT /api/keys: a lone API key as it is; several fields as JSON (Azure with
 * the placeholder `apiKey`, Google with the parsed service key, Bedrock with the secret also
 * as `apiKey`, which the server reads as the key).
 */
export function buildKeyValue(fields: readonly KeyField[], values: KeyValues): string {
  const trimmed = (name: KeyFieldName) => values[name]?.trim() ?? '';
  const names = fields.map((f) => f.name);
  if (names.includes('azureOpenAIApiKey')) {
    return JSON.stringify({
      apiKey: AZURE_API_KEY_PLACEHOLDER,
      azureOpenAIApiKey: trimmed('azureOpenAIApiKey'),
      azureOpenAIApiInstanceName: trimmed('azureOpenAIApiInstanceName'),
      azureOpenAIApiDeploymentName: trimmed('azureOpenAIApiDeploymentName'),
      azureOpenAIApiVersion: trimmed('azureOpenAIApiVersion'),
    });
  }
  if (names.includes('GOOGLE_SERVICE_KEY')) {
    const file = trimmed('GOOGLE_SERVICE_KEY');
    const parsed = file ? validateServiceKey(file) : null;
    return JSON.stringify({
      ...(parsed && 'key' in parsed ? { GOOGLE_SERVICE_KEY: parsed.key } : {}),
      ...(trimmed('GOOGLE_API_KEY') ? { GOOGLE_API_KEY: trimmed('GOOGLE_API_KEY') } : {}),
    });
  }
  if (names.includes('accessKeyId')) {
    return JSON.stringify({
      accessKeyId: trimmed('accessKeyId'),
      secretAccessKey: trimmed('secretAccessKey'),
      apiKey: trimmed('secretAccessKey'),
      ...(trimmed('sessionToken') ? { sessionToken: trimmed('sessionToken') } : {}),
    });
  }
  if (names.length === 1 && names[0] === 'apiKey') return trimmed('apiKey');
  const value: Record<string, string> = {};
  for (const name of names) if (trimmed(name)) value[name] = trimmed(name);
  return JSON.stringify(value);
}
