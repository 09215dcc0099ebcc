import { parentPort } from 'node:worker_threads';
import type { Dispatcher } from 'undici';
import { createGuardedDispatcher } from '../../platform/egress.js';
import { sendChatCompletionsRequest } from './chat-completions-request.js';
import { createChatCompletionsReader } from './read-chat-completions.js';
import { toWireError, toWirePart, type FromReader, type ToReader, type WirePart } from './stream-reader-protocol.js';

/**
 * A stream reader thread: sends the requests the server's thread hands it, reads each
 * successful chat-completions stream and posts the parts back, all streams' parts of the
 * last PARTS_BATCH_MS in one message. The server's thread then pays one message per batch
 * instead of a socket read, an HTTP parse and a JSON parse per token (bench/README.md).
 */

/** How long parts may wait to share a message. Clients get deltas every 40 ms at most anyway (sse.ts). */
const PARTS_BATCH_MS = 20;
/**
 * A successful stream's head waits for its first part (or this long), so both reach the server's
 * thread together: one wake-up of a busy event loop fewer before the first token.
 */
const HEAD_WAIT_MS = 50;

if (!parentPort) throw new Error('stream-reader-worker runs as a worker thread');
const port = parentPort;

const running = new Map<number, AbortController>();
let guarded: Dispatcher | undefined;
let outbox = new Map<number, WirePart[]>();
let timer: NodeJS.Timeout | undefined;
let immediate: NodeJS.Immediate | undefined;

function flush(): void {
  clearTimeout(timer);
  clearImmediate(immediate);
  timer = immediate = undefined;
  if (!outbox.size) return;
  const message: FromReader = { type: 'parts', streams: [...outbox] };
  outbox = new Map();
  port.postMessage(message);
}

/** Queues a part; consecutive deltas of one kind are joined. `urgent` parts leave at the end of this turn. */
function send(id: number, part: WirePart, urgent: boolean): void {
  let parts = outbox.get(id);
  if (!parts) outbox.set(id, (parts = []));
  const last = parts[parts.length - 1];
  if (last && last.type === part.type && (part.type === 'text-delta' || part.type === 'reasoning-delta')) {
    (last as { delta: string }).delta += part.delta;
  } else parts.push(part);
  if (urgent) {
    if (!immediate) immediate = setImmediate(flush);
  } else if (!timer && !immediate) timer = setTimeout(flush, PARTS_BATCH_MS);
}

function reply(message: FromReader): void {
  port.postMessage(message);
}

async function open(message: Extract<ToReader, { type: 'open' }>): Promise<void> {
  const { id, url } = message;
  const controller = new AbortController();
  running.set(id, controller);
  let deliver: ((part: WirePart, urgent: boolean) => void) | undefined;
  try {
    const guardedDispatcher = message.userUrl ? (guarded ??= createGuardedDispatcher()) : undefined;
    const res = await sendChatCompletionsRequest(message, controller.signal, guardedDispatcher);
    const { status, headers } = res;
    if (!res.stream) {
      running.delete(id);
      return reply({ type: 'head', id, status, headers, text: res.text ?? '' });
    }
    let headSent = false;
    const sendHead = () => {
      if (headSent) return;
      headSent = true;
      clearTimeout(headTimer);
      reply({ type: 'head', id, status, headers });
    };
    const headTimer = setTimeout(() => {
      if (running.has(id)) sendHead();
    }, HEAD_WAIT_MS);
    let first = true;
    deliver = (part, urgent) => {
      sendHead();
      send(id, part, urgent);
      // The first part (time to first token) leaves now, not at the end of this turn.
      if (first) flush();
      first = false;
    };
    const reader = createChatCompletionsReader(url, (part) => {
      const wire = toWirePart(part);
      if (!wire) return;
      // A stream's last part leaves without waiting for the batch.
      deliver?.(wire, wire.type !== 'text-delta' && wire.type !== 'reasoning-delta');
    });
    const body = res.stream;
    body.on('data', (bytes: Buffer) => {
      if (reader.feed(bytes)) return;
      running.delete(id);
      body.destroy();
    });
    body.on('end', () => {
      if (!running.delete(id)) return;
      reader.end();
    });
    body.on('error', (err) => {
      if (running.delete(id)) deliver?.({ type: 'failed', error: toWireError(err) }, true);
    });
  } catch (err) {
    if (!running.delete(id)) return; // aborted: the server's thread has moved on
    if (deliver) deliver({ type: 'failed', error: toWireError(err) }, true);
    else reply({ type: 'failed', id, error: toWireError(err) });
  }
}

reply({ type: 'ready' });
port.on('message', (message: ToReader) => {
  if (message.type === 'open') void open(message);
  else {
    const controller = running.get(message.id);
    running.delete(message.id);
    controller?.abort();
  }
});
