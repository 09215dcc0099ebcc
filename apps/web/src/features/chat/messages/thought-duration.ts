/** The words of a reasoning block's header for how long it thought: a chat.json key and its values. */
export type ThoughtDurationText =
  | { key: 'message.thought_briefly' }
  | { key: 'message.thought_for_seconds'; values: { seconds: number } }
  | { key: 'message.thought_for_minutes'; values: { minutes: number; seconds: number } };

/** "Thought for 4 s": whole seconds, rounded; under half a second says so rather than "0 s". */
export function thoughtDurationText(durationMs: number): ThoughtDurationText {
  const total = Math.round(durationMs / 1000);
  if (total < 1) return { key: 'message.thought_briefly' };
  if (total < 60) return { key: 'message.thought_for_seconds', values: { seconds: total } };
  return { key: 'message.thought_for_minutes', values: { minutes: Math.floor(total / 60), seconds: total % 60 } };
}
