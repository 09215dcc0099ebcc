import { describe, expect, it } from 'vitest';
import { resolveSelection, sortedEndpoints } from './model-selection';

const endpoints = {
  Simulator: { type: 'custom' as const, userProvide: false, order: 10 },
  openAI: { userProvide: false, order: 0 },
};
const models = { openAI: ['gpt-4o-mini', 'gpt-4o'], Simulator: ['sim-fast', 'sim-smart'] };

describe('resolveSelection', () => {
  it('orders endpoints as the server does', () => {
    expect(sortedEndpoints(endpoints)).toEqual(['openAI', 'Simulator']);
  });
  it('prefers a choice made in the conversation, then the conversation, then the last, then the first', () => {
    const base = { endpoints, models, last: null, conversation: null, chosen: undefined };
    expect(resolveSelection(base)).toEqual({ endpoint: 'openAI', model: 'gpt-4o-mini' });
    expect(resolveSelection({ ...base, last: { endpoint: 'Simulator', model: 'sim-smart' } })).toEqual({
      endpoint: 'Simulator',
      model: 'sim-smart',
    });
    expect(
      resolveSelection({
        ...base,
        conversation: { endpoint: 'Simulator', model: 'sim-fast' },
        last: { endpoint: 'openAI', model: 'gpt-4o' },
      }),
    ).toEqual({ endpoint: 'Simulator', model: 'sim-fast' });
    expect(
      resolveSelection({
        ...base,
        chosen: { endpoint: 'openAI', model: 'gpt-4o' },
        conversation: { endpoint: 'Simulator', model: 'sim-fast' },
      }),
    ).toEqual({ endpoint: 'openAI', model: 'gpt-4o' });
  });
  it('ignores choices that are no longer available', () => {
    expect(
      resolveSelection({
        endpoints,
        models,
        chosen: { endpoint: 'gone', model: 'x' },
        conversation: null,
        last: { endpoint: 'openAI', model: 'retired' },
      }),
    ).toEqual({ endpoint: 'openAI', model: 'gpt-4o-mini' });
    expect(
      resolveSelection({
        endpoints,
        models,
        chosen: undefined,
        conversation: { endpoint: 'Simulator', model: 'retired' },
        last: null,
      }),
    ).toEqual({ endpoint: 'Simulator', model: 'sim-fast' });
  });
});
