import { describe, expect, it } from 'vitest';
import { GenerationJob } from './generation-job.js';
import { continuedParts, ReplyContent, ToolProgressRelay } from './reply-content.js';

const newJob = () => new GenerationJob('stream', 'user', 'convo', 'request', 'reply');
const framesOf = (job: GenerationJob) => {
  const frames: { event?: string; data?: any }[] = [];
  job.subscribe(0, (frame) => frames.push(JSON.parse(frame.data)), () => {});
  return frames;
};

describe('ReplyContent', () => {
  it('a plain reply is its text (no content), with the step ids and deltas the chat core always sent', () => {
    const job = newJob();
    const reply = new ReplyContent(job, 'reply');
    reply.append('text', 'Hel');
    reply.append('text', 'lo');
    expect(reply.text).toBe('Hello');
    expect(reply.content()).toBeNull();
    const frames = framesOf(job);
    expect(frames[0]).toMatchObject({ event: 'on_run_step', data: { id: 'step_text_reply', index: 0, type: 'message_creation' } });
    expect(frames.slice(1).map((f) => f.data.delta.content[0].text)).toEqual(['Hel', 'lo']);
  });

  it("an agent's plain reply is content parts, even with no text at all, streamed with the same events", () => {
    const job = newJob();
    const reply = new ReplyContent(job, 'reply', [], true);
    expect(reply.content()).toEqual([{ type: 'text', text: '' }]);
    reply.append('text', 'Hel');
    reply.append('text', 'lo');
    expect(reply.content()).toEqual([{ type: 'text', text: 'Hello' }]);
    const frames = framesOf(job);
    expect(frames[0]).toMatchObject({ event: 'on_run_step', data: { id: 'step_text_reply', index: 0, type: 'message_creation' } });
    expect(frames.slice(1).map((f) => f.data.delta.content[0])).toEqual([
      { type: 'text', text: 'Hel' },
      { type: 'text', text: 'lo' },
    ]);
  });

  it('keeps reasoning, text, tool calls and tool images in the order they came, each a run step at its index', () => {
    const job = newJob();
    const reply = new ReplyContent(job, 'reply');
    reply.append('think', 'Hmm.');
    reply.append('text', 'Checking. ');
    reply.toolInputStart('call_1', 'get_weather');
    reply.toolInputDelta('call_1', '{"city":');
    reply.toolInputDelta('call_1', '"Oslo"}');
    reply.toolCall('call_1', 'get_weather', { city: 'Oslo' });
    reply.toolResult('call_1', 'get_weather', { text: 'Snow', images: [{ url: 'https://x/y.png' }] });
    reply.append('text', 'It snows.');
    expect(reply.text).toBe('Checking. It snows.');
    expect(reply.content()).toEqual([
      { type: 'think', think: 'Hmm.' },
      { type: 'text', text: 'Checking. ' },
      { type: 'tool_call', tool_call: { id: 'call_1', name: 'get_weather', args: '{"city":"Oslo"}', output: 'Snow', progress: 1, type: 'tool_call' } },
      { type: 'image_url', image_url: { url: 'https://x/y.png' } },
      { type: 'text', text: 'It snows.' },
    ]);
    const steps = framesOf(job).filter((f) => f.event === 'on_run_step').map((f) => [f.data.index, f.data.type]);
    expect(steps).toEqual([
      [0, 'message_creation'],
      [1, 'message_creation'],
      [2, 'tool_calls'],
      [4, 'message_creation'],
    ]);
  });

  it('a call whose arguments came whole (Gemini) is announced and given them as one delta; a running call is unfinished', () => {
    const job = newJob();
    const reply = new ReplyContent(job, 'reply');
    reply.toolCall('call_g', 'lookup', { q: 'x' });
    expect(reply.content()).toEqual([
      { type: 'tool_call', tool_call: { id: 'call_g', name: 'lookup', args: '{"q":"x"}', progress: 0.1, type: 'tool_call' } },
    ]);
    const deltas = framesOf(job).filter((f) => f.event === 'on_run_step_delta');
    expect(deltas.map((f) => f.data.delta.tool_calls[0].args)).toEqual(['{"q":"x"}']);
  });

  it("a running tool's progress is a step delta and kept on the call, only ever forward and never done before its result", () => {
    const job = newJob();
    const reply = new ReplyContent(job, 'reply');
    const relay = new ToolProgressRelay();
    relay.report('call_v', 0.2); // before the reply is connected: dropped
    relay.connect((id, fraction) => reply.toolProgress(id, fraction));
    reply.toolCall('call_v', 'create_meme_video', {});
    for (const fraction of [0.25, 0.2, 0.5, 1.2]) relay.report('call_v', fraction);
    relay.report('call_other', 0.5);
    const progress = framesOf(job)
      .filter((f) => f.event === 'on_run_step_delta' && f.data.delta.progress !== undefined)
      .map((f) => f.data.delta);
    expect(progress).toEqual([
      { type: 'tool_calls', progress: 0.25 },
      { type: 'tool_calls', progress: 0.5 },
      { type: 'tool_calls', progress: 0.99 },
    ]);
    expect((reply.content()![0] as any).tool_call.progress).toBe(0.99);
    reply.toolResult('call_v', 'create_meme_video', { text: '[]' });
    relay.report('call_v', 0.5);
    expect((reply.content()![0] as any).tool_call.progress).toBe(1);
  });

  it("a tool's sign-in link is announced on its step and kept on the call (LibreChat's auth, expires_at)", () => {
    const job = newJob();
    const reply = new ReplyContent(job, 'reply');
    reply.toolCall('call_a', 'getQuote_action_api_example_com', {});
    reply.toolResult('call_a', 'getQuote_action_api_example_com', {
      text: 'Error processing tool getQuote_action_api_example_com: No access token found. Please log in first.',
      isError: true,
      signIn: { url: 'https://idp.example/authorize?state=s', expiresAt: 1700000000 },
    });
    const frames = framesOf(job);
    const authDelta = frames.find((f) => f.event === 'on_run_step_delta' && f.data.delta.auth);
    expect(authDelta?.data.delta).toEqual({ type: 'tool_calls', auth: 'https://idp.example/authorize?state=s', expires_at: 1700000000 });
    const completed = frames.find((f) => f.event === 'on_run_step_completed')!.data.result.tool_call;
    expect(completed).toMatchObject({ auth: 'https://idp.example/authorize?state=s', expires_at: 1700000000, progress: 1 });
    expect((reply.content()![0] as any).tool_call.auth).toBe('https://idp.example/authorize?state=s');
  });

  it('a continued reply appends to its text; an error ends the parts', () => {
    const reply = new ReplyContent(newJob(), 'reply', continuedParts(null, 'Once upon'));
    expect(reply.content('{"type":"server_error"}')).toEqual([
      { type: 'text', text: 'Once upon' },
      { type: 'error', error: '{"type":"server_error"}' },
    ]);
    reply.append('text', ' a time');
    expect(reply.text).toBe('Once upon a time');
    expect(reply.content()).toBeNull();
  });

  it('times reasoning from its first delta to its last, and says so before the answer starts', () => {
    const job = newJob();
    let now = 10_000;
    const reply = new ReplyContent(job, 'reply', [], false, () => now);
    reply.append('think', 'Let ');
    now += 1_200;
    reply.append('think', 'me ');
    now += 2_300;
    reply.append('think', 'think.');
    // Saved while it thinks (a crash keeps the time so far).
    expect(reply.content()![0]).toEqual({ type: 'think', think: 'Let me think.', durationMs: 3_500 });
    now += 4_000;
    reply.append('text', 'Answer.');
    expect(reply.content()).toEqual([
      { type: 'think', think: 'Let me think.', durationMs: 3_500 },
      { type: 'text', text: 'Answer.' },
    ]);
    const frames = framesOf(job).map((f) => [f.event, f.data.delta?.content?.[0] ?? f.data.type]);
    expect(frames).toEqual([
      ['on_run_step', 'message_creation'],
      ['on_reasoning_delta', { type: 'think', think: 'Let ' }],
      ['on_reasoning_delta', { type: 'think', think: 'me ' }],
      ['on_reasoning_delta', { type: 'think', think: 'think.' }],
      // The duration, as an empty reasoning delta of the same step, before the answer's step.
      ['on_reasoning_delta', { type: 'think', think: '', durationMs: 3_500 }],
      ['on_run_step', 'message_creation'],
      ['on_message_delta', { type: 'text', text: 'Answer.' }],
    ]);
  });

  it('a continued reply keeps its reasoning and tool calls; new text extends its last text, steps counted from it', () => {
    const job = newJob();
    let now = 0;
    const stored = [
      { type: 'think' as const, think: 'Hmm.', durationMs: 2_000 },
      { type: 'tool_call' as const, tool_call: { id: 'c1', name: 'lookup', args: '{}', output: 'x', progress: 1, type: 'tool_call' } },
      { type: 'text' as const, text: 'Once upon' },
      { type: 'error' as const, error: 'cut' },
    ];
    const reply = new ReplyContent(job, 'reply', continuedParts(stored, 'Once upon'), false, () => now);
    reply.append('text', ' a time');
    now += 500;
    reply.append('think', 'More?');
    now += 700;
    reply.append('think', ' No.');
    expect(reply.text).toBe('Once upon a time');
    expect(reply.content()).toEqual([stored[0], stored[1], { type: 'text', text: 'Once upon a time' }, { type: 'think', think: 'More? No.', durationMs: 700 }]);
    const steps = framesOf(job).filter((f) => f.event === 'on_run_step').map((f) => [f.data.id, f.data.index]);
    expect(steps).toEqual([
      ['step_text_reply', 0],
      ['step_3_reply', 1],
    ]);
    // An edit: the edited text after the other parts.
    expect(continuedParts(stored, 'Once upon', 'Twice')).toEqual([stored[0], stored[1], { type: 'text', text: 'Twice' }]);
  });

  it('a continued reply stopped while thinking thinks on in the same part, its time added', () => {
    let now = 0;
    const reply = new ReplyContent(newJob(), 'reply', continuedParts([{ type: 'think', think: 'Hm', durationMs: 1_000 }], ''), false, () => now);
    reply.append('think', 'm');
    now += 300;
    reply.append('think', '.');
    expect(reply.content()).toEqual([{ type: 'think', think: 'Hmm.', durationMs: 1_300 }, { type: 'text', text: '' }]);
  });
});
