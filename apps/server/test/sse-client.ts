import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface SseFrame {
  id: number;
  event: string;
  data: any;
}

export interface SseOptions {
  token?: string | undefined;
  body?: unknown;
  lastEventId?: number;
  /** More request headers (X-Forwarded-For behind a trusted proxy). */
  headers?: Record<string, string>;
  /** Stop reading (and close the connection) once this returns true. */
  until?: (frame: SseFrame, all: SseFrame[]) => boolean;
}

/** Reads an SSE response to its end (or until `until`), parsing every frame's JSON. */
export async function readSse(url: string, options: SseOptions = {}): Promise<{ status: number; frames: SseFrame[]; json?: any }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  if (options.lastEventId !== undefined) headers['last-event-id'] = String(options.lastEventId);
  const controller = new AbortController();
  const res = await fetch(url, {
    method: options.body !== undefined ? 'POST' : 'GET',
    headers,
    body: options.body !== undefined ? JSON.stringify(options.body) : null,
    signal: controller.signal,
  });
  if (!res.headers.get('content-type')?.includes('text/event-stream')) {
    const text = await res.text();
    return { status: res.status, frames: [], json: text ? JSON.parse(text) : undefined };
  }
  const frames: SseFrame[] = [];
  let stop = false;
  const parser = createParser({
    onEvent(message: EventSourceMessage) {
      if (stop) return;
      const frame = { id: Number(message.id), event: message.event ?? 'message', data: JSON.parse(message.data) };
      frames.push(frame);
      if (options.until?.(frame, frames)) stop = true;
    },
  });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  try {
    while (!stop) {
      const { value, done } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    controller.abort();
  }
  return { status: res.status, frames };
}

/** The reply text carried by message deltas. */
export function deltaText(frames: SseFrame[]): string {
  return frames
    .filter((f) => f.data.event === 'on_message_delta')
    .map((f) => f.data.data.delta.content.map((p: { text?: string }) => p.text ?? '').join(''))
    .join('');
}

export const finalFrame = (frames: SseFrame[]) => frames.find((f) => f.data.final);
