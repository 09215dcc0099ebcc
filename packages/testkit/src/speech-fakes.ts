import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import { parseMultipartText, silentMp3Frame, type TranscriptionRecord } from './openai-audio.js';
import { listenLocally, sendJson } from './provider-sim-server.js';

/**
 * Local stand-ins for the speech vendors other than OpenAI, answering the calls LibreChat's
 * TTSService and STTService make: Azure OpenAI audio, ElevenLabs text to speech and LocalAI's
 * `/tts`. Each checks its key header, records what it received, and answers one silent MP3 frame
 * (the OpenAI simulator's) or a transcript.
 */
export interface SpeechFakeRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  /** A JSON body, parsed. */
  json?: Record<string, unknown>;
  /** A multipart body's fields and file (its size exact: the body is read byte for byte). */
  form?: TranscriptionRecord;
}

export interface SpeechFake {
  /** `http://127.0.0.1:<port>` */
  url: string;
  /** Requests that passed the key check, oldest first. */
  readonly requests: SpeechFakeRequest[];
  /** When set, every request answers this status with a vendor-like error body. */
  failWith: number | undefined;
  /** The text transcriptions answer. */
  transcript: string;
  /** What text to speech answers; one silent MP3 frame unless set (LocalAI's Piper answers WAV). */
  speech: { bytes: Buffer; contentType: string } | undefined;
  reset(): void;
  close(): Promise<void>;
}

type Answer = { audio: true } | { json: unknown; status?: number };
type Route = (request: SpeechFakeRequest, fake: SpeechFake) => Answer | undefined;

const DEFAULT_TRANSCRIPT = 'hello from the speech fake';

async function readRequest(req: IncomingMessage): Promise<SpeechFakeRequest> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  // latin1 maps each byte to one character, so the multipart reader counts the file's bytes exactly.
  const raw = Buffer.concat(chunks).toString('latin1');
  const url = new URL(req.url ?? '/', 'http://fake');
  const type = req.headers['content-type'] ?? '';
  const request: SpeechFakeRequest = {
    method: req.method ?? 'GET',
    path: url.pathname,
    query: Object.fromEntries(url.searchParams),
    headers: req.headers,
  };
  if (type.startsWith('application/json') && raw)
    request.json = JSON.parse(Buffer.from(raw, 'latin1').toString('utf8'));
  if (type.startsWith('multipart/form-data')) request.form = parseMultipartText(raw, type);
  return request;
}

/** A fake that refuses a wrong key with `refusal`, then answers what `route` says (404 when nothing). */
async function startSpeechFake(isKeyValid: (headers: IncomingHttpHeaders) => boolean, refusal: unknown, route: Route) {
  const send = (res: ServerResponse, answer: Answer) => {
    if ('json' in answer) return sendJson(res, answer.status ?? 200, answer.json);
    const { bytes, contentType } = fake.speech ?? { bytes: silentMp3Frame(), contentType: 'audio/mpeg' };
    res.writeHead(200, { 'content-type': contentType, 'content-length': String(bytes.length) });
    res.end(bytes);
  };
  const server = createServer((req, res) => {
    readRequest(req).then(
      (request) => {
        if (!isKeyValid(request.headers)) return send(res, { status: 401, json: refusal });
        fake.requests.push(request);
        if (fake.failWith) return send(res, { status: fake.failWith, json: { error: 'the fake was told to fail' } });
        send(
          res,
          route(request, fake) ?? { status: 404, json: { error: `no route ${request.method} ${request.path}` } },
        );
      },
      (err: unknown) => send(res, { status: 400, json: { error: String(err) } }),
    );
  });
  const { origin } = await listenLocally(server, {});
  const fake: SpeechFake = {
    url: origin,
    requests: [],
    failWith: undefined,
    transcript: DEFAULT_TRANSCRIPT,
    speech: undefined,
    reset() {
      fake.speech = undefined;
      fake.requests.length = 0;
      fake.failWith = undefined;
      fake.transcript = DEFAULT_TRANSCRIPT;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // Clients keep idle connections open; ending them lets close() finish.
        server.closeAllConnections();
      }),
  };
  return fake;
}

/**
 * Azure OpenAI's audio under `/openai/deployments/{deployment}/audio/speech|transcriptions` (any
 * deployment: tests read it from the recorded path), with the `api-key` header and an
 * `api-version` query (Azure answers 404 without one).
 */
export function startAzureSpeechFake(options: { apiKey: string }): Promise<SpeechFake> {
  return startSpeechFake(
    (headers) => headers['api-key'] === options.apiKey,
    { error: { code: '401', message: 'Access denied due to invalid subscription key or wrong API endpoint.' } },
    (request, fake) => {
      const action = /^\/openai\/deployments\/[^/]+\/audio\/(speech|transcriptions)$/.exec(request.path)?.[1];
      if (request.method !== 'POST' || !action) return undefined;
      if (!request.query['api-version']) {
        return { status: 404, json: { error: { code: '404', message: 'Resource not found' } } };
      }
      if (action === 'speech' && request.json?.input) return { audio: true };
      if (action === 'transcriptions' && request.form?.size) return { json: { text: fake.transcript } };
      return { status: 400, json: { error: { code: 'invalid_request', message: `bad ${action} request` } } };
    },
  );
}

/** ElevenLabs' `POST /v1/text-to-speech/{voice_id}` and its `/stream` twin, with the `xi-api-key` header. */
export function startElevenLabsFake(options: { apiKey: string }): Promise<SpeechFake> {
  return startSpeechFake(
    (headers) => headers['xi-api-key'] === options.apiKey,
    { detail: { status: 'invalid_api_key', message: 'Invalid API key' } },
    (request) =>
      request.method === 'POST' && /^\/v1\/text-to-speech\/[^/]+(\/stream)?$/.test(request.path) && request.json?.text
        ? { audio: true }
        : undefined,
  );
}

/** LocalAI's `POST /tts` ({model, input, backend}); a Bearer key is checked only when one is given. */
export function startLocalAiFake(options: { apiKey?: string } = {}): Promise<SpeechFake> {
  return startSpeechFake(
    (headers) => options.apiKey === undefined || headers.authorization === `Bearer ${options.apiKey}`,
    { error: { code: 401, message: 'An invalid key was specified', type: '' } },
    (request) =>
      request.method === 'POST' && request.path === '/tts' && request.json?.input ? { audio: true } : undefined,
  );
}
