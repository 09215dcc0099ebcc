import { describe, expect, it } from 'vitest';
import { matchesAbortKey } from './job-registry.js';

describe('matchesAbortKey', () => {
  const job = { streamId: 's', conversationId: 'c', userMessageId: 'u', responseMessageId: 'r' };

  it('names a job by its stream, its conversation, either message, or a LibreChat run key', () => {
    expect(['s', 'c', 'u', 'r', 'c:r', 'c:'].map((key) => matchesAbortKey(job, key))).toEqual([true, true, true, true, true, true]);
  });

  it('names no job by anything else', () => {
    expect(['x', 'x:c', ':c', '', 'c r'].map((key) => matchesAbortKey(job, key))).toEqual([false, false, false, false, false]);
  });
});
