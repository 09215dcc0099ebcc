import type { EndpointDefinition } from '../endpoint-catalog.js';
import { buildSystemPrompt } from '../to-model-messages.js';
import { ProviderError, type ChatProvider, type ProviderEvent, type ProviderRequest } from '../types.js';
import { EventChannel } from './event-channel.js';
import { localModelPath } from './local-endpoint.js';
import { localModelHost, type LoadedLocalModel } from './local-model-host.js';
import { mapLlamaStopReason } from './map-llama-stop-reason.js';
import { toLlamaHistory } from './to-llama-history.js';

/** node-llama-cpp samples greedily at temperature 0 when given none; this is its suggested value. */
const DEFAULT_TEMPERATURE = 0.8;

/**
 * A GGUF model of DATA_DIR/models run in this process by node-llama-cpp: the conversation goes
 * through the model's own chat template, tokens stream as text (thoughts as reasoning), the
 * request's signal stops the generation, and usage is the tokens the context evaluated and
 * generated. Tools are not offered to local models: a request's tools are ignored and the model
 * answers in text.
 */
export function createLocalModelProvider(endpoint: EndpointDefinition): ChatProvider {
  return {
    stream: (request) => streamLocalReply(endpoint, request),
    async complete(request) {
      let text = '';
      for await (const event of streamLocalReply(endpoint, request)) if (event.type === 'text') text += event.text;
      return text;
    },
  };
}

async function* streamLocalReply(endpoint: EndpointDefinition, request: ProviderRequest): AsyncIterable<ProviderEvent> {
  const path = localModelPath(endpoint, request.model);
  // Our own controller too: a reader that leaves early stops the generation as an abort would.
  const stop = new AbortController();
  const onAbort = () => stop.abort(request.signal.reason);
  if (request.signal.aborted) onAbort();
  else request.signal.addEventListener('abort', onAbort, { once: true });
  const events = new EventChannel<ProviderEvent>();
  localModelHost
    .withModel(path, stop.signal, (loaded) => generate(loaded, request, stop.signal, (event) => events.push(event)))
    .then(
      (finish) => {
        events.push(finish);
        events.end();
      },
      // Stopped while queued or loading: the reply simply ends, as a stopped stream does.
      (err: unknown) => (stop.signal.aborted ? events.end() : events.fail(mapLocalModelError(err))),
    );
  try {
    yield* events;
  } finally {
    request.signal.removeEventListener('abort', onAbort);
    stop.abort();
  }
}

async function generate(
  loaded: LoadedLocalModel,
  request: ProviderRequest,
  signal: AbortSignal,
  emit: (event: ProviderEvent) => void,
): Promise<ProviderEvent> {
  const s = request.settings;
  const sequence = loaded.context.getSequence();
  const chat = new loaded.module.LlamaChat({ contextSequence: sequence, autoDisposeSequence: true });
  try {
    const result = await chat.generateResponse(toLlamaHistory(request.messages, buildSystemPrompt(s)), {
      signal,
      stopOnAbortSignal: true,
      // Without a limit, a model that never ends its turn would write until the context is full, and on.
      maxTokens: s.max_tokens ?? s.maxOutputTokens ?? s.maxTokens ?? loaded.context.contextSize,
      temperature: s.temperature ?? DEFAULT_TEMPERATURE,
      topP: s.top_p ?? s.topP ?? undefined,
      topK: s.topK ?? undefined,
      customStopTriggers: s.stop?.length ? s.stop : undefined,
      onResponseChunk(chunk) {
        if (!chunk.text) return;
        // Segments are the model's thoughts (and comments): not part of the answer.
        emit({ type: chunk.type === 'segment' ? 'reasoning' : 'text', text: chunk.text });
      },
    });
    return {
      type: 'finish',
      finishReason: mapLlamaStopReason(result.metadata.stopReason),
      usage: {
        promptTokens: sequence.tokenMeter.usedInputTokens,
        completionTokens: sequence.tokenMeter.usedOutputTokens,
      },
    };
  } finally {
    chat.dispose();
  }
}

/** A failure of the model, as the error the chat shows. */
export function mapLocalModelError(err: unknown): ProviderError {
  if (err instanceof ProviderError) return err;
  const message = err instanceof Error ? err.message : String(err);
  const name = err instanceof Error ? err.name : '';
  if (name === 'InsufficientMemoryError') {
    return new ProviderError('server_error', `Not enough memory to run this local model: ${message}`);
  }
  if (/context size|too long|exceed|context shift/i.test(message)) {
    return new ProviderError('INPUT_LENGTH', `The conversation does not fit the local model's context: ${message}`);
  }
  return new ProviderError('server_error', message || 'The local model failed');
}
