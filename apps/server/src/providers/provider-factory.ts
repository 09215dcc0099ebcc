import { applyParameterRules, type ParameterFamily } from '@confab/shared';
import type { EndpointDefinition, EndpointFamily } from './endpoint-catalog.js';
import { createLocalModelProvider } from './local-llama/local-model-provider.js';
import { transportFor, type ProviderTransport } from './provider-transport.js';
import type { ChatProvider, ProviderRequest, ResolvedCredentials } from './types.js';

type FamilyFactory = (
  endpoint: EndpointDefinition,
  credentials: ResolvedCredentials,
  transport: ProviderTransport,
) => ChatProvider;

/**
 * Each family's adapter, loaded at the family's first call: their SDKs (the AI SDK, @ai-sdk/*,
 * Smithy's codecs) cost the idle server ~10 MB it does without until someone chats
 * (bench/README.md, "Server RSS idle"). `local` loads node-llama-cpp on first use itself.
 */
const familyModules: Record<Exclude<EndpointFamily, 'local'>, () => Promise<FamilyFactory>> = {
  openAI: async () =>
    (await import('./openai-compatible/openai-compatible-provider.js')).createOpenAICompatibleProvider,
  custom: async () =>
    (await import('./openai-compatible/openai-compatible-provider.js')).createOpenAICompatibleProvider,
  azureOpenAI: async () => (await import('./azure/azure-provider.js')).createAzureProvider,
  anthropic: async () => (await import('./anthropic/anthropic-provider.js')).createAnthropicProvider,
  google: async () => (await import('./google/google-provider.js')).createGoogleProvider,
  bedrock: async () => (await import('./bedrock/bedrock-provider.js')).createBedrockProvider,
};

const loadedFamilies = new Map<EndpointFamily, FamilyFactory>();

/** A provider whose family's module is still loading: its calls wait for it (the family's first chats only). */
function deferredProvider(loading: Promise<ChatProvider>): ChatProvider {
  return {
    async *stream(request) {
      yield* (await loading).stream(request);
    },
    complete: async (request) => (await loading).complete(request),
  };
}

/** Every family is handed the transport; none reaches the network any other way. */
function createFamilyProvider(
  endpoint: EndpointDefinition,
  credentials: ResolvedCredentials,
  transport: ProviderTransport,
): ChatProvider {
  const family = endpoint.family;
  if (family === 'local') return createLocalModelProvider(endpoint);
  const create = loadedFamilies.get(family);
  if (create) return create(endpoint, credentials, transport);
  const loading = familyModules[family]().then((factory) => {
    loadedFamilies.set(family, factory);
    return factory(endpoint, credentials, transport);
  });
  // A provider is made just before its first call: a failed load surfaces there, not unhandled.
  loading.catch(() => {});
  return deferredProvider(loading);
}

/**
 * Applies the SPEC 5 parameter table before every call: settings clamped to the family's (and
 * model's) ranges, and the defaults the vendor must receive filled in.
 */
export function withParameterRules(family: ParameterFamily, provider: ChatProvider): ChatProvider {
  const prepare = (request: ProviderRequest): ProviderRequest => ({
    ...request,
    settings: applyParameterRules(family, request.model, request.settings),
  });
  return {
    stream: (request) => provider.stream(prepare(request)),
    complete: (request) => provider.complete(prepare(request)),
  };
}

/**
 * The adapter for an endpoint family, with the credentials resolved for this user. Whether the
 * base URL is the user's is decided here, once, for every family (provider-transport.ts).
 */
export function createProvider(endpoint: EndpointDefinition, credentials: ResolvedCredentials): ChatProvider {
  const transport = transportFor(credentials);
  const parameterFamily = endpoint.family === 'local' ? 'custom' : endpoint.family;
  return withParameterRules(parameterFamily, createFamilyProvider(endpoint, credentials, transport));
}
