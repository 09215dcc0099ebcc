import { loadAiSdk } from '../../providers/ai-sdk.js';
import type { EndpointCatalog, EndpointDefinition } from '../../providers/endpoint-catalog.js';
import { resolveAzureTarget } from '../../providers/azure/resolve-azure-target.js';
import { transportFor } from '../../providers/provider-transport.js';
import { withVersionPath } from '../../providers/to-model-messages.js';
import type { ResolvedCredentials } from '../../providers/types.js';

/** The shapes a background may take; each model family spells them its own way. */
export const BACKGROUND_SHAPES = ['portrait', 'square', 'landscape'] as const;
export type BackgroundShape = (typeof BACKGROUND_SHAPES)[number];

/** Makes one picture from a prompt: its bytes (any raster type; the caller sniffs it). */
export type GenerateBackground = (input: {
  prompt: string;
  shape: BackgroundShape;
  signal: AbortSignal;
}) => Promise<Buffer>;

type PixelSize = `${number}x${number}`;

/** The sizes OpenAI's image models offer for each shape; other (custom) models get their server's default. */
function openAISize(model: string, shape: BackgroundShape): PixelSize | undefined {
  if (model.startsWith('gpt-image'))
    return ({ portrait: '1024x1536', square: '1024x1024', landscape: '1536x1024' } as const)[shape];
  if (model === 'dall-e-3')
    return ({ portrait: '1024x1792', square: '1024x1024', landscape: '1792x1024' } as const)[shape];
  if (model === 'dall-e-2') return '1024x1024';
  return undefined;
}

const ASPECT_RATIO = { portrait: '9:16', square: '1:1', landscape: '16:9' } as const;

/** Providers retry 429/5xx themselves; one retry keeps a slow image model from holding the chat for minutes. */
const MAX_RETRIES = 1;

const isServerKeyed = (endpoint: EndpointDefinition): boolean =>
  endpoint.apiKey !== 'user_provided' && endpoint.baseURL !== 'user_provided';

/**
 * The configured image model (`memes.imageGeneration`) as a function, built on the endpoint's
 * own base URL, key and headers (the administrator's: a background is made with the server's
 * key, never a user's), on the same transport the chat providers use. openAI and custom
 * endpoints speak OpenAI's `/images/generations`; azureOpenAI the same on a deployment; google
 * Imagen models (`imagen-*`) its `:predict`, and Gemini image models answer a generateContent
 * with the picture as a file. Either the function, or why the tool cannot be offered.
 */
export function createBackgroundGenerator(
  catalog: EndpointCatalog,
  settings: { endpoint: string; model: string },
): GenerateBackground | { unavailable: string } {
  const endpoint = catalog.find(settings.endpoint);
  if (!endpoint)
    return { unavailable: `memes.imageGeneration names the endpoint "${settings.endpoint}", which is not configured` };
  if (!isServerKeyed(endpoint))
    return {
      unavailable: `memes.imageGeneration needs a server key for "${endpoint.name}"; user-provided keys are not used for it`,
    };
  const credentials: ResolvedCredentials = {
    apiKey: endpoint.apiKey,
    baseURL: endpoint.baseURL,
    isUserKey: false,
    isUserBaseURL: false,
    fields: {},
  };
  const { fetch } = transportFor(credentials);
  const model = settings.model;

  switch (endpoint.family) {
    case 'local':
      return { unavailable: `${endpoint.name} runs text models only; it cannot draw` };
    case 'openAI':
    case 'custom': {
      // The SDK packages load at the first picture (providers/ai-sdk.ts), not with the server.
      return async ({ prompt, shape, signal }) => {
        const { createOpenAI } = await import('@ai-sdk/openai');
        const openai = createOpenAI({
          apiKey: credentials.apiKey,
          ...(credentials.baseURL ? { baseURL: credentials.baseURL } : {}),
          headers: endpoint.headers,
          fetch,
        });
        const size = openAISize(model, shape);
        const { image } = await (
          await loadAiSdk()
        ).experimental_generateImage({
          model: openai.image(model),
          prompt,
          ...(size ? { size } : {}),
          maxRetries: MAX_RETRIES,
          abortSignal: signal,
        });
        return Buffer.from(image.uint8Array);
      };
    }
    case 'azureOpenAI': {
      const azure = endpoint.azure;
      if (!azure) return { unavailable: `${endpoint.name} has no Azure settings` };
      return async ({ prompt, shape, signal }) => {
        const target = resolveAzureTarget(azure, credentials, model);
        const { createAzure } = await import('@ai-sdk/azure');
        const provider = createAzure({
          baseURL: target.baseURL,
          apiKey: target.apiKey,
          apiVersion: target.apiVersion,
          useDeploymentBasedUrls: true,
          headers: target.headers,
          fetch,
        });
        const size = openAISize(model, shape);
        const { image } = await (
          await loadAiSdk()
        ).experimental_generateImage({
          model: provider.image(target.deployment),
          prompt,
          ...(size ? { size } : {}),
          maxRetries: MAX_RETRIES,
          abortSignal: signal,
        });
        return Buffer.from(image.uint8Array);
      };
    }
    case 'google': {
      const baseURL = credentials.baseURL
        ? withVersionPath(credentials.baseURL, '/v1beta', ['/v1beta', '/v1'])
        : undefined;
      const createGoogle = async () =>
        (await import('@ai-sdk/google')).createGoogleGenerativeAI({
          apiKey: credentials.apiKey,
          ...(baseURL ? { baseURL } : {}),
          headers: endpoint.headers,
          fetch,
        });
      if (model.startsWith('imagen')) {
        return async ({ prompt, shape, signal }) => {
          const google = await createGoogle();
          const { image } = await (
            await loadAiSdk()
          ).experimental_generateImage({
            model: google.image(model),
            prompt,
            aspectRatio: ASPECT_RATIO[shape],
            maxRetries: MAX_RETRIES,
            abortSignal: signal,
          });
          return Buffer.from(image.uint8Array);
        };
      }
      // Gemini image models ("gemini-2.5-flash-image"...) draw within a generateContent answer.
      return async ({ prompt, shape, signal }) => {
        const google = await createGoogle();
        const result = await (
          await loadAiSdk()
        ).generateText({
          model: google(model),
          prompt,
          providerOptions: {
            google: { responseModalities: ['TEXT', 'IMAGE'], imageConfig: { aspectRatio: ASPECT_RATIO[shape] } },
          },
          maxRetries: MAX_RETRIES,
          abortSignal: signal,
        });
        const picture = result.files.find((file) => file.mediaType.startsWith('image/'));
        if (!picture) throw new Error(result.text.trim() || 'the model answered without a picture');
        return Buffer.from(picture.uint8Array);
      };
    }
    case 'anthropic':
    case 'bedrock':
      return { unavailable: `${endpoint.name} (${endpoint.family}) has no image model the server can call` };
  }
}
