import type { ServerResponse } from 'node:http';
import { buildChatCompletion, estimatePromptTokens, planCompletion } from './openai-completion.js';
import { getOpenAIErrorBody } from './openai-errors.js';
import { writeCompletionStream } from './openai-stream.js';
import type {
  ChatCompletionRequest,
  OpenAIErrorKind,
  OpenAISimulatorStats,
  RecordedRequest,
  ScriptedError,
  ScriptedReply,
} from './openai-types.js';
import { createReplyQueue, sendJson, startSimServer, type SimRequest } from './provider-sim-server.js';

/** Azure OpenAI's own error body: `code` is a string (a status or a name), no `type`. */
export interface AzureErrorBody {
  error: { code: string; message: string; [key: string]: unknown };
}

export interface AzureSimulatorOptions {
  port?: number;
  host?: string;
  /** When set, requests must carry `api-key: <apiKey>`. */
  apiKey?: string;
  /** Deployment name → model; unknown deployments get DeploymentNotFound. Default: any deployment. */
  deployments?: Record<string, string>;
  defaults?: Partial<ScriptedReply>;
  recordRequests?: boolean;
}

/** A running Azure OpenAI resource; replies are scripted with the OpenAI simulator's ScriptedReply. */
export interface AzureSimulator {
  /** The resource's `/openai` base, as `@ai-sdk/azure` takes it with `useDeploymentBasedUrls`. */
  readonly url: string;
  readonly port: number;
  enqueue(...replies: ScriptedReply[]): void;
  /** The responder also sees the deployment of the path. */
  setResponder(
    fn: ((request: ChatCompletionRequest, deployment: string) => ScriptedReply | Promise<ScriptedReply>) | undefined,
  ): void;
  readonly requests: RecordedRequest[];
  readonly stats: OpenAISimulatorStats;
  reset(): void;
  close(): Promise<void>;
}

const azureError = (code: string, message: string): AzureErrorBody => ({ error: { code, message } });

export const AZURE_INVALID_KEY_BODY = azureError(
  '401',
  'Access denied due to invalid subscription key or wrong API endpoint. Make sure to provide a valid key for an active subscription and use a correct regional API endpoint for your resource.',
);
const MISSING_KEY_BODY = azureError(
  '401',
  'Access denied due to missing subscription key. Make sure to include subscription key when making requests to an API.',
);
const DEPLOYMENT_NOT_FOUND_BODY = azureError(
  'DeploymentNotFound',
  'The API deployment for this resource does not exist. If you created the deployment within the last 5 minutes, please wait a moment and try again.',
);

/** The body Azure answers for `kind`; context length and content filter are worded as OpenAI's (Azure passes them through). */
export function getAzureErrorBody(
  kind: OpenAIErrorKind,
  context: { model: string; apiVersion: string; promptTokens: number },
): AzureErrorBody | ReturnType<typeof getOpenAIErrorBody> {
  switch (kind) {
    case 'invalid_api_key':
      return AZURE_INVALID_KEY_BODY;
    case 'model_not_found':
      return DEPLOYMENT_NOT_FOUND_BODY;
    case 'rate_limit':
      return azureError(
        '429',
        `Requests to the ChatCompletions_Create Operation under Azure OpenAI API version ${context.apiVersion} have exceeded token rate limit of your current OpenAI S0 pricing tier. Please retry after 6 seconds. Please go here: https://aka.ms/oai/quotaincrease if you would like to further increase the default rate limit.`,
      );
    case 'insufficient_quota':
      return azureError(
        'insufficient_quota',
        'The subscription has exceeded its quota for this resource. Please check your quota and billing in the Azure portal.',
      );
    case 'server_error':
      return azureError(
        'InternalServerError',
        'The server had an error processing your request. Sorry about that! You can retry your request, or contact us through an Azure support request at: https://go.microsoft.com/fwlink/?linkid=2213926 if you keep seeing this error.',
      );
    default:
      return getOpenAIErrorBody(kind, context);
  }
}

function defaultKind(status: number): OpenAIErrorKind {
  if (status === 401) return 'invalid_api_key';
  if (status === 404) return 'model_not_found';
  if (status === 429) return 'rate_limit';
  if (status >= 500) return 'server_error';
  return 'invalid_request';
}

const DEPLOYMENT_ROUTE = /^\/openai\/deployments\/([^/]+)\/chat\/completions$/;

/**
 * Starts a local Azure OpenAI resource: `POST /openai/deployments/{deployment}/chat/completions
 * ?api-version=...` with the `api-key` header, answering the OpenAI simulator's completions and
 * stream (the same protocol) and Azure's own error bodies (401 subscription key,
 * DeploymentNotFound, the S0 token rate limit, the content management policy).
 *
 * @example
 * const sim = await startAzureSimulator({ apiKey: 'az-test', deployments: { 'gpt-4o-mini': 'gpt-4o-mini' } });
 * const azure = createAzure({ baseURL: sim.url, apiKey: 'az-test', apiVersion: '2024-10-21', useDeploymentBasedUrls: true });
 */
export async function startAzureSimulator(options: AzureSimulatorOptions = {}): Promise<AzureSimulator> {
  type Request = { body: ChatCompletionRequest; deployment: string };
  const replies = createReplyQueue<ScriptedReply, Request>(options.defaults ?? {});

  const handleCompletion = async (request: SimRequest, res: ServerResponse, deployment: string): Promise<void> => {
    const apiVersion = request.query.get('api-version');
    if (!apiVersion) return sendJson(res, 404, azureError('404', 'Resource not found'));
    const model = options.deployments ? options.deployments[deployment] : deployment;
    if (!model) return sendJson(res, 404, DEPLOYMENT_NOT_FOUND_BODY);
    const body = request.body as ChatCompletionRequest;
    if (!request.isJson || typeof body !== 'object' || body === null || !Array.isArray(body.messages)) {
      return sendJson(res, 400, azureError('BadRequest', "Invalid request: 'messages' is required."));
    }
    const reply = await replies.choose({ body, deployment });
    if (reply.error) {
      const error: ScriptedError = reply.error;
      if (reply.firstTokenDelayMs && !(await core.wait(res, reply.firstTokenDelayMs))) return;
      const kind = error.kind ?? defaultKind(error.status);
      const errorBody = getAzureErrorBody(kind, { model, apiVersion, promptTokens: estimatePromptTokens(body) });
      if (error.message !== undefined) errorBody.error.message = error.message;
      return sendJson(res, error.status, errorBody, {
        ...(kind === 'rate_limit' ? { 'retry-after': '6' } : {}),
        ...error.headers,
      });
    }
    // Azure answers with the model behind the deployment, not the deployment name.
    const plan = { ...planCompletion(body, reply), model };
    if (body.stream === true) {
      return core.track((onEnd) => {
        const handle = writeCompletionStream(res, plan, onEnd);
        return () => handle.cancel();
      });
    }
    if (plan.firstTokenDelayMs > 0 && !(await core.wait(res, plan.firstTokenDelayMs))) return;
    if (plan.errorAt !== undefined) return void res.destroy();
    sendJson(res, 200, buildChatCompletion(plan), { 'apim-request-id': plan.id.slice(9) });
  };

  const core = await startSimServer(
    {
      port: options.port,
      host: options.host,
      recordRequests: options.recordRequests,
      internalError: (message) => ({ status: 500, body: azureError('InternalServerError', message) }),
    },
    async (request, res) => {
      if (options.apiKey !== undefined) {
        const key = request.req.headers['api-key'];
        if (!key) return sendJson(res, 401, MISSING_KEY_BODY);
        if (key !== options.apiKey) return sendJson(res, 401, AZURE_INVALID_KEY_BODY);
      }
      const route = request.method === 'POST' ? DEPLOYMENT_ROUTE.exec(request.path) : null;
      if (route) return handleCompletion(request, res, decodeURIComponent(route[1] ?? ''));
      sendJson(res, 404, azureError('404', 'Resource not found'));
    },
  );

  return {
    url: `${core.origin}/openai`,
    port: core.port,
    enqueue: replies.enqueue,
    setResponder: (fn) => replies.setResponder(fn ? (request) => fn(request.body, request.deployment) : undefined),
    requests: core.requests,
    stats: core.stats,
    reset: () => {
      replies.reset();
      core.reset();
    },
    close: () => core.close(),
  };
}
