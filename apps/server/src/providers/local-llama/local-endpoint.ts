import { basename, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { EndpointDefinition } from '../endpoint-catalog.js';
import { ProviderError } from '../types.js';

/** The name chats and clients know the in-process models by (reserved for anything else). */
export const LOCAL_ENDPOINT_NAME = 'Local';

/** Where a GGUF model file may live: a plain file name ending in .gguf, no folder, no dot file. */
export function isLocalModelFileName(name: string): boolean {
  return /^[^/\\\0]+\.gguf$/i.test(name) && !name.startsWith('.') && basename(name) === name;
}

/**
 * The "Local" endpoint for the GGUF files of a folder, or none when it holds none. Its baseURL
 * is the folder's file: URL, so the provider (which sees only the endpoint) knows where the
 * files are; nothing fetches it. Titles stay off: a CPU model would spend seconds on each.
 */
export function buildLocalEndpoint(modelsDir: string, fileNames: string[]): EndpointDefinition | undefined {
  if (fileNames.length === 0) return undefined;
  return {
    name: LOCAL_ENDPOINT_NAME,
    family: 'local',
    apiKey: '',
    baseURL: pathToFileURL(modelsDir).href,
    models: [...fileNames].sort((a, b) => a.localeCompare(b)),
    modelsConfigured: true,
    fetchModels: false,
    headers: {},
    addParams: {},
    dropParams: [],
    titleConvo: false,
    modelDisplayLabel: 'Local',
    // After the file and database endpoints, which an administrator set up on purpose.
    order: 100,
  };
}

/** The file a chat's model names, refused unless the endpoint lists it. */
export function localModelPath(endpoint: EndpointDefinition, model: string): string {
  if (!endpoint.baseURL?.startsWith('file:') || !endpoint.models.includes(model) || !isLocalModelFileName(model)) {
    throw new ProviderError('invalid_request_error', `There is no local model named "${model}"`, 404);
  }
  return join(fileURLToPath(endpoint.baseURL), model);
}
