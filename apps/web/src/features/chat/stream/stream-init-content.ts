import type { ContentPart } from '@confab/shared';

/**
 * A continued reply starts from stored content the job's frames do not carry. It is kept per
 * stream id while the job runs, so a reload can rebuild the reply from the job's replay.
 */
const STREAM_INIT_PREFIX = 'streamInit_';

export function rememberInitialContent(streamId: string, content: ContentPart[]): void {
  if (!content.length) return;
  try {
    globalThis.localStorage?.setItem(`${STREAM_INIT_PREFIX}${streamId}`, JSON.stringify(content));
  } catch {
    // Only needed to resume a continued reply after a reload.
  }
}

export function takeInitialContent(streamId: string): ContentPart[] {
  try {
    const raw = globalThis.localStorage?.getItem(`${STREAM_INIT_PREFIX}${streamId}`);
    return raw ? (JSON.parse(raw) as ContentPart[]) : [];
  } catch {
    return [];
  }
}

export function forgetInitialContent(streamId: string | null): void {
  if (!streamId) return;
  try {
    globalThis.localStorage?.removeItem(`${STREAM_INIT_PREFIX}${streamId}`);
  } catch {
    // Nothing to do.
  }
}
