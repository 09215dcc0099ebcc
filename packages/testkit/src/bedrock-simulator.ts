import { randomUUID } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import {
  bedrockErrorHeaders,
  buildBedrockException,
  getBedrockException,
  type BedrockException,
} from './bedrock-errors.js';
import { verifySigV4 } from './bedrock-sigv4.js';
import { buildBedrockStream, buildConverseResponse, planBedrockReply } from './bedrock-stream.js';
import type {
  BedrockConverseRequest,
  BedrockScriptedReply,
  BedrockSimulator,
  BedrockSimulatorOptions,
} from './bedrock-types.js';
import { createReplyQueue, sendJson, startSimServer, type SimRequest } from './provider-sim-server.js';

const STATUS_OF: Record<string, number> = {
  UnrecognizedClientException: 403,
  InvalidSignatureException: 403,
  AccessDeniedException: 403,
  MissingAuthenticationTokenException: 403,
};

function sendException(res: ServerResponse, status: number, exception: BedrockException): void {
  sendJson(
    res,
    status,
    { message: exception.message, ...exception.extra },
    bedrockErrorHeaders(exception, randomUUID()),
  );
}

/** `/model/anthropic.claude-3-5-sonnet-20241022-v2%3A0/converse-stream` → model id and operation. */
const ROUTE = /^\/model\/([^/]+)\/(converse|converse-stream)$/;

/**
 * Starts a local Bedrock Runtime speaking the Converse API: `POST /model/{modelId}/converse`
 * (JSON) and `/converse-stream` (binary `application/vnd.amazon.eventstream` frames with CRCs,
 * encoded by the AWS codec), so `@ai-sdk/amazon-bedrock` can be tested against it, SigV4
 * signature included. Errors are AWS exceptions: `x-amzn-ErrorType` plus `{message}` over
 * HTTP, or exception frames mid-stream.
 *
 * @example
 * const sim = await startBedrockSimulator({ credentials: { accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' } });
 * sim.enqueue({ text: 'Hi' });
 * const bedrock = createAmazonBedrock({ baseURL: sim.url, region: 'us-east-1', accessKeyId: 'AKIDTEST', secretAccessKey: 'secret' });
 */
export async function startBedrockSimulator(options: BedrockSimulatorOptions = {}): Promise<BedrockSimulator> {
  type Request = { body: BedrockConverseRequest; modelId: string };
  const replies = createReplyQueue<BedrockScriptedReply, Request>(options.defaults ?? {});

  const handleConverse = async (
    request: SimRequest,
    res: ServerResponse,
    modelId: string,
    isStream: boolean,
  ): Promise<void> => {
    const body = request.body as BedrockConverseRequest;
    if (!request.isJson || typeof body !== 'object' || body === null || !Array.isArray(body.messages)) {
      return sendException(res, 400, getBedrockException('invalid_request'));
    }
    if (options.models && !options.models.includes(modelId))
      return sendException(res, 403, getBedrockException('access_denied'));
    const reply = await replies.choose({ body, modelId });
    if (reply.error && !(reply.error.inStream && isStream)) {
      if (reply.firstTokenDelayMs && !(await core.wait(res, reply.firstTokenDelayMs))) return;
      return sendException(res, reply.error.status, buildBedrockException(reply.error));
    }
    const plan = planBedrockReply(body, modelId, reply);
    if (isStream)
      return core.stream(
        res,
        buildBedrockStream(plan, reply, reply.error ? buildBedrockException(reply.error) : undefined),
      );
    if (reply.firstTokenDelayMs && !(await core.wait(res, reply.firstTokenDelayMs))) return;
    if (reply.errorAt !== undefined) return void res.destroy();
    sendJson(res, 200, buildConverseResponse(plan), { 'x-amzn-requestid': plan.requestId });
  };

  const core = await startSimServer(
    {
      port: options.port,
      host: options.host,
      recordRequests: options.recordRequests,
      internalError: (message) => ({ status: 500, body: { message } }),
    },
    async (request, res) => {
      if (options.credentials) {
        const result = verifySigV4({
          method: request.method,
          pathname: request.path,
          query: request.query,
          headers: request.req.headers,
          body: request.raw,
          credentials: options.credentials,
        });
        if (result === 'missing') {
          return sendException(res, 403, {
            name: 'MissingAuthenticationTokenException',
            message: 'Missing Authentication Token',
          });
        }
        if (result !== 'ok') {
          const exception = getBedrockException(result === 'unknown_key' ? 'invalid_api_key' : 'invalid_signature');
          return sendException(res, STATUS_OF[exception.name] ?? 403, exception);
        }
      }
      const route = request.method === 'POST' ? ROUTE.exec(request.path) : null;
      if (route)
        return handleConverse(request, res, decodeURIComponent(route[1] ?? ''), route[2] === 'converse-stream');
      sendException(res, 404, { name: 'UnknownOperationException', message: 'Unknown operation' });
    },
  );

  return {
    url: core.origin,
    port: core.port,
    enqueue: replies.enqueue,
    setResponder: (fn) => replies.setResponder(fn ? (request) => fn(request.body, request.modelId) : undefined),
    requests: core.requests,
    stats: core.stats,
    reset: () => {
      replies.reset();
      core.reset();
    },
    close: () => core.close(),
  };
}
