import { EventStreamCodec } from '@smithy/eventstream-codec';
import { fromUtf8, toUtf8 } from '@smithy/util-utf8';

/**
 * AWS's ConverseStream `contentBlockStart` for a tool call carries `{toolUseId, name}` and no
 * `input`; @ai-sdk/amazon-bedrock declares `input: z.unknown()`, which zod 4.4 and later treat as
 * required, so every streamed tool call failed validation and was lost. This re-frames the event
 * stream and gives such a start an empty `input` (the arguments follow in `toolUse.input` deltas),
 * leaving every other event's bytes as they came.
 */
export function addToolUseStartInput(next: typeof fetch): typeof fetch {
  return async (input, init) => {
    const res = await next(input, init);
    if (!res.body || !res.headers.get('content-type')?.includes('eventstream')) return res;
    const codec = new EventStreamCodec(toUtf8, fromUtf8);
    let buffer: Uint8Array = new Uint8Array(0);
    const reframe = new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        buffer = buffer.length ? Buffer.concat([buffer, chunk]) : chunk;
        while (buffer.length >= 4) {
          const length = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength).getUint32(0);
          if (buffer.length < length) return;
          const frame = buffer.subarray(0, length);
          buffer = buffer.subarray(length);
          controller.enqueue(patchFrame(codec, frame));
        }
      },
      flush(controller) {
        // A cut-off stream keeps its tail: the SDK reports it as it would have.
        if (buffer.length) controller.enqueue(buffer);
      },
    });
    return new Response(res.body.pipeThrough(reframe), {
      status: res.status,
      statusText: res.statusText,
      headers: res.headers,
    });
  };
}

function patchFrame(codec: EventStreamCodec, frame: Uint8Array): Uint8Array {
  const message = codec.decode(frame);
  if (message.headers[':event-type']?.value !== 'contentBlockStart') return frame;
  const event = JSON.parse(toUtf8(message.body)) as { start?: { toolUse?: Record<string, unknown> } };
  const toolUse = event.start?.toolUse;
  if (!toolUse || 'input' in toolUse) return frame;
  toolUse.input = {};
  return codec.encode({ ...message, body: fromUtf8(JSON.stringify(event)) });
}
