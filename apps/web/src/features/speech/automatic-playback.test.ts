import { describe, expect, it } from 'vitest';
import type { Submission } from '../chat/stream/submission';
import { justFinished } from './automatic-playback';

const sub = (phase: Submission['phase'], error = false) =>
  ({ phase, responseMessage: { messageId: 'r1', text: 'Hi', error } }) as unknown as Submission;

describe('justFinished', () => {
  it('is true only when a generating reply gets its final without an error', () => {
    expect(justFinished(sub('streaming'), sub('done'))).toBe(true);
    expect(justFinished(sub('connecting'), sub('done'))).toBe(true);
    expect(justFinished(undefined, sub('done'))).toBe(false);
    expect(justFinished(sub('done'), sub('done'))).toBe(false);
    expect(justFinished(sub('streaming'), sub('error'))).toBe(false);
    expect(justFinished(sub('streaming'), sub('done', true))).toBe(false);
  });
});
