import type { ContentPart } from '@confab/shared';
import { describe, expect, it } from 'vitest';
import { applyToolEvent, readAgentUpdate, readToolCall, type ToolCallState } from './tool-call-events';

const empty: ToolCallState = { parts: [], steps: {} };

function run(events: [string, unknown][], start: ToolCallState = empty): ToolCallState {
  return events.reduce((state, [event, data]) => applyToolEvent(state, event, data), start);
}

const step = {
  id: 'step_1',
  index: 1,
  type: 'tool_calls',
  stepDetails: { type: 'tool_calls', tool_calls: [{ id: 'call_1', name: 'slow_echo_mcp_test', args: '', type: 'tool_call' }] },
};
const argsDelta = (args: string) => ({
  id: 'step_1',
  delta: { type: 'tool_calls', tool_calls: [{ index: 0, args }] },
});
const completed = {
  result: {
    id: 'step_1',
    index: 1,
    tool_call: { id: 'call_1', name: 'slow_echo_mcp_test', args: '{"text":"hi"}', output: 'hi', progress: 1 },
  },
};

describe('applyToolEvent', () => {
  it('starts a call at progress 0.1, streams its args and completes it with the output', () => {
    const text: ContentPart = { type: 'text', text: 'Let me check.' };
    const started = run([['on_run_step', step]], { parts: [text], steps: {} });
    expect(started.parts[0]).toEqual(text);
    expect(readToolCall(started.parts[1] as ContentPart)).toMatchObject({ id: 'call_1', args: '', progress: 0.1 });

    const streamed = run(
      [
        ['on_run_step_delta', argsDelta('{"text"')],
        ['on_run_step_delta', argsDelta(':"hi"}')],
      ],
      started,
    );
    expect(readToolCall(streamed.parts[1] as ContentPart)?.args).toBe('{"text":"hi"}');

    const done = run([['on_run_step_completed', completed]], streamed);
    expect(done.parts).toHaveLength(2);
    expect(readToolCall(done.parts[1] as ContentPart)).toMatchObject({ output: 'hi', progress: 1, name: 'slow_echo_mcp_test' });
  });

  it("moves a running call's progress forward from its step's deltas, never past its result", () => {
    const progressDelta = (progress: number) => ({ id: 'step_1', delta: { type: 'tool_calls', progress } });
    const running = run([
      ['on_run_step', step],
      ['on_run_step_delta', progressDelta(0.4)],
      ['on_run_step_delta', progressDelta(0.3)],
    ]);
    expect(readToolCall(running.parts[0] as ContentPart)).toMatchObject({ args: '', progress: 0.4 });
    const done = run([['on_run_step_completed', completed], ['on_run_step_delta', progressDelta(0.6)]], running);
    expect(readToolCall(done.parts[0] as ContentPart)?.progress).toBe(1);
  });

  it('ignores message-creation steps and unknown events (returns the same state)', () => {
    const state = run([['on_run_step', { id: 's', stepDetails: { type: 'message_creation' } }]]);
    expect(state).toBe(empty);
    expect(applyToolEvent(empty, 'on_something', {})).toBe(empty);
  });

  it('a replayed step does not duplicate the call nor lose its args', () => {
    const once = run([['on_run_step', step], ['on_run_step_delta', argsDelta('{}')]]);
    const twice = run([['on_run_step', step]], once);
    expect(twice.parts).toHaveLength(1);
    expect(readToolCall(twice.parts[0] as ContentPart)?.args).toBe('{}');
  });

  it('a delta for a step it never saw (rejoined after a reload) goes to the running call', () => {
    const stored: ToolCallState = {
      parts: [{ type: 'tool_call', tool_call: { id: 'call_1', name: 'x', args: '{', progress: 0.1 } }],
      steps: {},
    };
    const next = run([['on_run_step_delta', argsDelta('}')]], stored);
    expect(readToolCall(next.parts[0] as ContentPart)?.args).toBe('{}');
  });

  it('keeps a sign-in URL while running and drops it on completion', () => {
    const auth = run([
      ['on_run_step', step],
      ['on_run_step_delta', { id: 'step_1', delta: { type: 'tool_calls', auth: 'https://idp.example/auth', expires_at: 5 } }],
    ]);
    expect(readToolCall(auth.parts[0] as ContentPart)).toMatchObject({ auth: 'https://idp.example/auth', expires_at: 5 });
    const done = run([['on_run_step_completed', completed]], auth);
    expect(readToolCall(done.parts[0] as ContentPart)?.auth).toBeUndefined();
  });

  it('adds agent_update parts', () => {
    const next = run([['on_agent_update', { runId: 'r', agent_update: { index: 0, runId: 'r', agentId: 'agent_abc' } }]]);
    expect(readAgentUpdate(next.parts[0] as ContentPart)).toBe('agent_abc');
  });

  it('reads stored calls whose args are an object', () => {
    const call = readToolCall({ type: 'tool_call', tool_call: { id: 'c', name: 'n', args: { a: 1 }, output: 'x' } });
    expect(call).toMatchObject({ args: '{"a":1}', output: 'x' });
  });
});
