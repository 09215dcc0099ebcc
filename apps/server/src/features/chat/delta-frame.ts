/** The two kinds of streamed content, as LibreChat's client names their delta events and parts. */
export type DeltaKind = 'text' | 'think';

const eventPrefix: Record<DeltaKind, string> = {
  text: '{"event":"on_message_delta"',
  think: '{"event":"on_reasoning_delta"',
};

/**
 * Writes the delta frames of one run step. The JSON is assembled from a prefix made once per
 * step, as deltas are most of a server's frames; it is exactly what JSON.stringify gives for
 * `{ event, data: { id, delta: { content: [{ type: kind, [kind]: delta }] } } }`.
 */
export function deltaFrameWriter(kind: DeltaKind, stepId: string): (delta: string) => string {
  const prefix = `${eventPrefix[kind]},"data":{"id":${JSON.stringify(stepId)},"delta":{"content":[{"type":"${kind}","${kind}":`;
  return (delta) => `${prefix}${JSON.stringify(delta)}}]}}}`;
}

/** Whether a frame's JSON is a delta (written here, or relayed from another instance through Redis). */
export function isDeltaFrame(data: string): boolean {
  return data.startsWith(eventPrefix.text) || data.startsWith(eventPrefix.think);
}
