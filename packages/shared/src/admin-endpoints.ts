import { z } from 'zod';

/**
 * The administrator's setup screen and Admin area (issue 25): endpoints added in the browser,
 * stored in the database (keys encrypted), merged over config.yaml and .env, which win where
 * they set something. No key ever goes back to a browser: only its last four characters.
 */

/** The families the screen can add; `custom` is any OpenAI-compatible URL (Ollama, LM Studio, vLLM...). */
export const MANAGED_ENDPOINT_FAMILIES = ['openAI', 'azureOpenAI', 'anthropic', 'google', 'bedrock', 'custom'] as const;
export type ManagedEndpointFamily = (typeof MANAGED_ENDPOINT_FAMILIES)[number];

/** LibreChat's built-in endpoint names: no custom endpoint, in config.yaml or the setup screen, may take one. */
export const BUILT_IN_ENDPOINT_NAMES = [
  'openAI',
  'azureOpenAI',
  'gptPlugins',
  'anthropic',
  'google',
  'assistants',
  'azureAssistants',
  'agents',
  'bedrock',
  'custom',
  'chatGPTBrowser',
] as const;

/**
 * Names the setup screen refuses for a custom endpoint: the built-in ones, and the Local models'
 * endpoint. config.yaml may still name one "Local" (LibreChat configs do): the file then wins.
 */
export const RESERVED_ENDPOINT_NAMES = [...BUILT_IN_ENDPOINT_NAMES, 'Local'] as const;

export const ADMIN_ROUTES = {
  endpoints: '/api/admin/endpoints',
  endpoint: '/api/admin/endpoints/:id',
  /** POST: tries a connection (a saved endpoint's stored key when `id` is given and no key). */
  testConnection: '/api/admin/endpoints/test',
  /** GET: what the last probe found; POST: probe again now. */
  localServers: '/api/admin/local-servers',
  /** GET: the GGUF files in DATA_DIR/models; POST (multipart `file`): add one. */
  localModels: '/api/admin/local-models',
  localModel: '/api/admin/local-models/:name',
  /** GET: whether the first administrator still has to set up a model (no endpoint at all). */
  setupStatus: '/api/admin/setup-status',
} as const;

const trimmed = (max: number) => z.string().trim().max(max);
const httpUrl = z
  .string()
  .trim()
  .max(2048)
  .refine((value) => /^https?:\/\/[^\s]+$/i.test(value), 'Enter an http:// or https:// URL');
const modelNames = z.array(trimmed(200).min(1)).max(500);

/** What the screen sends to add or change an endpoint. `apiKey` absent on an edit keeps the stored one. */
export const managedEndpointInputSchema = z
  .object({
    family: z.enum(MANAGED_ENDPOINT_FAMILIES),
    /** The custom endpoint's display name; built-in families are named after themselves. */
    name: trimmed(60).optional(),
    baseURL: httpUrl.optional(),
    apiKey: z.string().trim().max(4096).optional(),
    /** The models offered; empty lets the provider's own list (or the family's defaults) decide. */
    models: modelNames.default([]),
    /** Also list what the server's /models answers (custom). */
    fetchModels: z.boolean().default(false),
    titleConvo: z.boolean().default(true),
    /** Azure OpenAI: the resource (instance) name, deployment and api-version. */
    azure: z
      .object({
        instanceName: trimmed(200).min(1),
        deploymentName: trimmed(200).optional(),
        apiVersion: trimmed(40).optional(),
      })
      .optional(),
    /** Bedrock: the region and access key id (the secret access key is `apiKey`). */
    bedrock: z.object({ region: trimmed(40).min(1), accessKeyId: trimmed(200).min(1) }).optional(),
  })
  .superRefine((input, ctx) => {
    if (input.family === 'custom') {
      if (!input.name) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Name the endpoint' });
      else if (
        (RESERVED_ENDPOINT_NAMES as readonly string[]).some((n) => n.toLowerCase() === input.name?.toLowerCase())
      ) {
        ctx.addIssue({ code: 'custom', path: ['name'], message: `"${input.name}" is a built-in endpoint name` });
      }
      if (!input.baseURL) ctx.addIssue({ code: 'custom', path: ['baseURL'], message: 'Enter the server URL' });
    }
    if (input.family === 'azureOpenAI' && !input.azure && !input.baseURL) {
      ctx.addIssue({ code: 'custom', path: ['azure'], message: 'Enter the Azure instance name' });
    }
    if (input.family === 'bedrock' && !input.bedrock) {
      ctx.addIssue({ code: 'custom', path: ['bedrock'], message: 'Enter the region and access key id' });
    }
  });
export type ManagedEndpointInput = z.input<typeof managedEndpointInputSchema>;
export type ManagedEndpointValues = z.output<typeof managedEndpointInputSchema>;

/** Where an endpoint the Admin area lists comes from. */
export type EndpointSource = 'setup' | 'config' | 'env' | 'local';

/** One endpoint as the Admin area shows it. Never a key: `keyLast4` at most. */
export interface AdminEndpointView {
  /** The stored row's id; absent for endpoints config.yaml, .env or DATA_DIR/models bring. */
  id?: string;
  name: string;
  family: ManagedEndpointFamily | 'local';
  source: EndpointSource;
  baseURL?: string;
  models: string[];
  fetchModels: boolean;
  titleConvo: boolean;
  hasKey: boolean;
  /** The key's last four characters, for the administrator to recognise it. */
  keyLast4?: string;
  azure?: { instanceName: string; deploymentName?: string; apiVersion?: string };
  bedrock?: { region: string; accessKeyId: string };
  /**
   * A stored endpoint that config.yaml or .env also defines: theirs is in effect, and the
   * screen says so (which file wins).
   */
  overriddenBy?: 'config.yaml' | '.env';
  /** Whether chats can use it now (a stored one overridden by a file is not in effect). */
  isActive: boolean;
  createdAt?: string;
  updatedAt?: string;
}

export interface AdminEndpointsResponse {
  endpoints: AdminEndpointView[];
}

export const connectionTestInputSchema = z.object({
  family: z.enum(MANAGED_ENDPOINT_FAMILIES),
  baseURL: httpUrl.optional(),
  apiKey: z.string().trim().max(4096).optional(),
  /** A saved endpoint whose stored key to use when `apiKey` is absent. */
  id: z.string().max(100).optional(),
  azure: z
    .object({
      instanceName: trimmed(200).min(1),
      deploymentName: trimmed(200).optional(),
      apiVersion: trimmed(40).optional(),
    })
    .optional(),
  bedrock: z.object({ region: trimmed(40).min(1), accessKeyId: trimmed(200).min(1) }).optional(),
});
export type ConnectionTestInput = z.input<typeof connectionTestInputSchema>;

/** The connection test's answer: the models the server listed, or why it failed. */
export type ConnectionTestResult =
  | { ok: true; models: string[]; latencyMs: number }
  | { ok: false; error: string; code: 'unauthorized' | 'unreachable' | 'timeout' | 'bad_response' | 'not_found' };

/** A model server found running on this machine, ready to add as an endpoint. */
export interface DetectedLocalServer {
  kind: 'ollama' | 'lmstudio' | 'llamacpp' | 'vllm';
  /** "Ollama", "LM Studio", "llama.cpp", "vLLM". */
  label: string;
  /** The OpenAI-compatible base URL to add (e.g. http://localhost:11434/v1). */
  baseURL: string;
  models: string[];
  /** A stored or configured endpoint already uses this URL. */
  isAdded: boolean;
}

export interface LocalServersResponse {
  servers: DetectedLocalServer[];
  /** When the last probe ran (ISO). */
  probedAt: string | null;
}

/** A GGUF model file in DATA_DIR/models, run in the server's process as the "Local" endpoint. */
export interface LocalModelFile {
  /** The file name, which is also the model's name in the Local endpoint. */
  name: string;
  bytes: number;
  modifiedAt: string;
}

export interface LocalModelsResponse {
  /** False when node-llama-cpp cannot run on this machine (the screen says why). */
  isAvailable: boolean;
  reason?: string;
  models: LocalModelFile[];
}

export interface SetupStatusResponse {
  /** No endpoint is usable: the first administrator is sent to the setup screen. */
  needsSetup: boolean;
  /** How many endpoints chats can use now. */
  activeEndpoints: number;
}

/** The last four characters an administrator sees of a key ("" for keys too short to hint). */
export function keyHint(key: string): string {
  return key.length >= 12 ? key.slice(-4) : '';
}
