/** The two kinds of streamed content, as LibreChat's client names their delta events and parts. */
export type DeltaKind = 'text' | 'think';

/**
 * Writes the delta frames of one run step. The JSON is assembled from a prefix made once per
 * step, as deltas are most of a server's frames; it is exactly what JSON.stringify gives for
 * `{ event, data: { id, delta: { content: [{ type: kind, [kind]: delta }] } } }`.
 */
export function deltaFrameWriter(kind: DeltaKind, stepId: string): (delta: string) => string {
  const event = kind === 'text' ? 'on_message_delta' : 'on_reasoning_delta';
  const prefix = `{"event":"${event}","data":{"id":${JSON.stringify(stepId)},"delta":{"content":[{"type":"${kind}","${kind}":`;
  return (delta) => `${prefix}${JSON.stringify(delta)}}]}}}`;
}
