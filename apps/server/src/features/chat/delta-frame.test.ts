import { describe, expect, it } from 'vitest';
import { deltaFrameWriter, isDeltaFrame } from './delta-frame.js';

describe('deltaFrameWriter', () => {
  it.each(['text', 'think'] as const)('writes the same JSON as JSON.stringify for %s deltas', (kind) => {
    const stepId = 'step_"odd"\\id';
    const write = deltaFrameWriter(kind, stepId);
    for (const delta of ['hello', '', 'quote " backslash \\ newline \n emoji 🎉 \u2028', '</script>']) {
      const event = kind === 'text' ? 'on_message_delta' : 'on_reasoning_delta';
      const expected = JSON.stringify({
        event,
        data: { id: stepId, delta: { content: [{ type: kind, [kind]: delta }] } },
      });
      expect(write(delta)).toBe(expected);
      expect(JSON.parse(write(delta))).toEqual(JSON.parse(expected));
    }
  });

  it('tells delta frames from the others', () => {
    expect(isDeltaFrame(deltaFrameWriter('text', 's')('x'))).toBe(true);
    expect(isDeltaFrame(deltaFrameWriter('think', 's')('x'))).toBe(true);
    expect(isDeltaFrame(JSON.stringify({ event: 'on_run_step', data: {} }))).toBe(false);
    expect(isDeltaFrame(JSON.stringify({ final: true, text: '{"event":"on_message_delta"' }))).toBe(false);
  });
});
