import { describe, expect, it } from 'vitest';
import { ownSelectionOf } from './reply-selection';

const header = { endpoint: 'Simulator', model: 'sim-fast' };

describe('ownSelectionOf', () => {
  it("asks the added column's reply of its own endpoint and model", () => {
    expect(ownSelectionOf({ endpoint: 'openAI', model: 'gpt-4o' }, header, true)).toEqual({
      endpoint: 'openAI',
      model: 'gpt-4o',
    });
    expect(ownSelectionOf({ endpoint: 'Simulator', model: 'sim-smart' }, header, true)).toEqual({
      endpoint: 'Simulator',
      model: 'sim-smart',
    });
  });

  it("leaves a reply that matches the header to the header's selection (its settings, its agent)", () => {
    expect(ownSelectionOf({ endpoint: 'Simulator', model: 'sim-fast' }, header, true)).toBeNull();
  });

  it('leaves a reply of a question asked of one model to the header, whatever model wrote it', () => {
    expect(ownSelectionOf({ endpoint: 'openAI', model: 'gpt-4o' }, header, false)).toBeNull();
  });

  it("leaves an agent's reply to the header: it does not name its agent", () => {
    expect(ownSelectionOf({ endpoint: 'agents', model: 'gpt-4o' }, header, true)).toBeNull();
    expect(ownSelectionOf({ endpoint: null, model: null }, header, true)).toBeNull();
  });

  it("asks its own model when the header is an agent's", () => {
    const agent = { endpoint: 'agents', model: 'gpt-4o', agentId: 'agent_1' };
    expect(ownSelectionOf({ endpoint: 'openAI', model: 'gpt-4o' }, agent, true)).toEqual({
      endpoint: 'openAI',
      model: 'gpt-4o',
    });
  });
});
