import { z } from 'zod';
import type { ConnectionTarget } from './connection-test.js';
import { signBedrockListRequest } from './sign-bedrock-request.js';

/** One vendor's "list your models" request, and how to read its answer. */
export interface ModelListRequest {
  url: string;
  headers: Record<string, string>;
  /** The model ids in the answer, or undefined when it is not this vendor's model list. */
  readModels(body: unknown): string[] | undefined;
}

/** Azure's GA api-version that lists models; an administrator's own version wins. */
export const DEFAULT_AZURE_API_VERSION = '2024-10-21';
/** The only Anthropic API version there is so far; the header is required. */
const ANTHROPIC_VERSION = '2023-06-01';

const trimSlashes = (url: string): string => url.replace(/\/+$/, '');

const idList = z.object({ data: z.array(z.object({ id: z.string() })) });
const readIds = (body: unknown): string[] | undefined => idList.safeParse(body).data?.data.map((model) => model.id);

const googleList = z.object({
  models: z.array(z.object({ name: z.string(), supportedGenerationMethods: z.array(z.string()).optional() })),
});
/** Gemini names models "models/gemini-2.0-flash"; only those that can chat (generateContent) count. */
function readGoogleModels(body: unknown): string[] | undefined {
  return googleList
    .safeParse(body)
    .data?.models.filter((model) => model.supportedGenerationMethods?.includes('generateContent') ?? true)
    .map((model) => model.name.replace(/^models\//, ''));
}

const bedrockList = z.object({ modelSummaries: z.array(z.object({ modelId: z.string() })) });
const readBedrockModels = (body: unknown): string[] | undefined =>
  bedrockList.safeParse(body).data?.modelSummaries.map((model) => model.modelId);

/**
 * Where Azure OpenAI lists models. `instanceName` is a resource name ("my-resource") or a whole
 * URL ("https://my-resource.openai.azure.com"); a baseURL replaces ".../openai" as
 * AZURE_OPENAI_BASEURL does (its deployment part, if any, is dropped: models are per resource).
 */
export function azureModelsUrl(target: ConnectionTarget): string {
  const { instanceName = '', apiVersion } = target.azure ?? {};
  let base: string;
  if (target.baseURL) {
    base = trimSlashes(target.baseURL.replace('${INSTANCE_NAME}', instanceName).replace(/\/deployments(\/.*)?$/, ''));
  } else if (/^https?:\/\//i.test(instanceName)) {
    base = trimSlashes(instanceName);
    if (!base.endsWith('/openai')) base += '/openai';
  } else {
    base = `https://${encodeURIComponent(instanceName)}.openai.azure.com/openai`;
  }
  return `${base}/models?api-version=${encodeURIComponent(apiVersion ?? DEFAULT_AZURE_API_VERSION)}`;
}

/** Anthropic's and Google's base URLs are taken with or without their version path, as their proxies are. */
function withVersionPath(baseURL: string, versionPath: string): string {
  const base = trimSlashes(baseURL);
  return base.endsWith(versionPath) ? base : `${base}${versionPath}`;
}

/**
 * Bedrock's control plane (ListFoundationModels) lives at bedrock.{region}, not at the runtime
 * host chats use: a runtime baseURL is turned into its control-plane twin.
 */
export function bedrockModelsUrl(target: ConnectionTarget): string {
  const region = target.bedrock?.region ?? 'us-east-1';
  const base = target.baseURL
    ? trimSlashes(target.baseURL).replace('://bedrock-runtime.', '://bedrock.')
    : `https://bedrock.${region}.amazonaws.com`;
  return `${base}/foundation-models`;
}

/** Builds the family's model-list request as each vendor's API defines it (Bedrock's is signed). */
export function buildModelListRequest(target: ConnectionTarget): ModelListRequest {
  const { apiKey } = target;
  switch (target.family) {
    case 'openAI':
    case 'custom': {
      const base = trimSlashes(target.baseURL ?? 'https://api.openai.com/v1');
      // A local server (Ollama, LM Studio) needs no key: none is sent rather than an empty Bearer.
      const headers: Record<string, string> = apiKey ? { authorization: `Bearer ${apiKey}` } : {};
      return { url: `${base}/models`, headers, readModels: readIds };
    }
    case 'azureOpenAI':
      return { url: azureModelsUrl(target), headers: { 'api-key': apiKey }, readModels: readIds };
    case 'anthropic': {
      const base = withVersionPath(target.baseURL ?? 'https://api.anthropic.com', '/v1');
      const headers = { 'x-api-key': apiKey, 'anthropic-version': ANTHROPIC_VERSION };
      return { url: `${base}/models?limit=1000`, headers, readModels: readIds };
    }
    case 'google': {
      const base = withVersionPath(target.baseURL ?? 'https://generativelanguage.googleapis.com', '/v1beta');
      return {
        url: `${base}/models?pageSize=1000`,
        headers: { 'x-goog-api-key': apiKey },
        readModels: readGoogleModels,
      };
    }
    case 'bedrock': {
      const url = bedrockModelsUrl(target);
      const credentials = { accessKeyId: target.bedrock?.accessKeyId ?? '', secretAccessKey: apiKey };
      const region = target.bedrock?.region ?? 'us-east-1';
      const headers = signBedrockListRequest({ url, region, credentials, now: new Date() });
      return { url, headers, readModels: readBedrockModels };
    }
  }
}
