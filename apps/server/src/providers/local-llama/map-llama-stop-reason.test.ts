import { describe, expect, it } from 'vitest';
import { mapLlamaStopReason, type LlamaStopReason } from './map-llama-stop-reason.js';

describe('mapLlamaStopReason', () => {
  it.each<[LlamaStopReason, string]>([
    ['eogToken', 'stop'],
    ['stopGenerationTrigger', 'stop'],
    ['customStopTrigger', 'stop'],
    ['maxTokens', 'length'],
    ['abort', 'incomplete'],
    ['functionCalls', 'tool_calls'],
  ])('%s → %s', (reason, expected) => {
    expect(mapLlamaStopReason(reason)).toBe(expected);
  });

  it('maps a reason it does not know to unknown', () => {
    expect(mapLlamaStopReason('somethingNew' as LlamaStopReason)).toBe('unknown');
  });
});
