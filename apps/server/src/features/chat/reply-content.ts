import type { ContentPart } from '@confab/shared';
import type { ProviderToolResult } from '../../providers/types.js';
import { deltaFrameWriter, type DeltaKind } from './delta-frame.js';
import type { GenerationJob } from './generation-job.js';

/** A tool call part as LibreChat stores and renders it (progress 1 once its output is in). */
interface ToolCallState {
  id: string;
  name: string;
  /** The arguments' JSON text, as streamed. */
  args: string;
  output?: string | undefined;
  progress?: number | undefined;
  type: 'tool_call';
  /** The sign-in link a tool needs first (LibreChat's names), shown with the trusted-sites warning. */
  auth?: string | undefined;
  /** When the link stops working, epoch seconds. */
  expires_at?: number | undefined;
}

interface OpenStep {
  kind: DeltaKind;
  part: { type: 'text'; text: string } | { type: 'think'; think: string };
  write: (delta: string) => string;
}

interface ToolStep {
  stepId: string;
  index: number;
  call: ToolCallState;
}

/** An image a tool returned, shown on the reply (its data, when it is one, goes back to the model). */
export function toolImagePart(url: string): ContentPart {
  return { type: 'image_url', image_url: { url } };
}

/**
 * The reply as it grows: content parts in the order they came (reasoning, text, tool calls with
 * their streamed arguments and output, images a tool returned), and the LibreChat run events
 * that announce and fill each part in the job's stream. Every part is one run step whose `index`
 * is the part's place in `content`, as LibreChat's client reads them (useStepHandler).
 */
export class ReplyContent {
  private readonly parts: ContentPart[] = [];
  private open: OpenStep | undefined;
  private readonly tools = new Map<string, ToolStep>();
  /** Set by every change, cleared by `takeDirty` (the partial writer's cue). */
  private dirty = false;

  /**
   * @param initialText a continued reply's text: new text is appended to it (it is already the
   *   client's, so it is stored, not streamed).
   * @param isAgentReply an agent's reply is content parts always, even plain text, as LibreChat's
   *   agents endpoint answers and stores every reply.
   */
  constructor(
    private readonly job: GenerationJob,
    private readonly responseId: string,
    private readonly initialText = '',
    private readonly isAgentReply = false,
  ) {}

  /** The reply's text: its text parts, joined. */
  get text(): string {
    let text = '';
    let sawText = false;
    for (const part of this.parts) {
      if (part.type !== 'text') continue;
      text += part.text;
      sawText = true;
    }
    return sawText ? text : this.initialText;
  }

  get hasToolCalls(): boolean {
    return this.tools.size > 0;
  }

  takeDirty(): boolean {
    const was = this.dirty;
    this.dirty = false;
    return was;
  }

  append(kind: DeltaKind, delta: string): void {
    if (!delta) return;
    let open = this.open;
    if (!open || open.kind !== kind) {
      const part = kind === 'text' ? { type: 'text' as const, text: this.textPrefix() } : { type: 'think' as const, think: '' };
      const id = this.announce('message_creation', { message_creation: { message_id: this.responseId } }, kind);
      open = { kind, part, write: deltaFrameWriter(kind, id) };
      this.parts.push(part);
      this.open = open;
    }
    if (open.part.type === 'text') open.part.text += delta;
    else open.part.think += delta;
    this.dirty = true;
    this.job.pushSerialized('message', open.write(delta), true);
  }

  /** The model began a tool call: a tool_calls step, its arguments to follow. */
  toolInputStart(toolCallId: string, name: string): void {
    if (this.tools.has(toolCallId)) return;
    this.open = undefined;
    const call: ToolCallState = { id: toolCallId, name, args: '', type: 'tool_call' };
    const index = this.parts.length;
    const stepId = this.announce('tool_calls', { tool_calls: [{ id: toolCallId, name, args: '', type: 'tool_call' }] });
    this.parts.push({ type: 'tool_call', tool_call: call });
    this.tools.set(toolCallId, { stepId, index, call });
    this.dirty = true;
  }

  toolInputDelta(toolCallId: string, delta: string): void {
    const step = this.tools.get(toolCallId);
    if (!step || !delta) return;
    step.call.args += delta;
    this.dirty = true;
    this.job.push('message', {
      event: 'on_run_step_delta',
      data: { id: step.stepId, delta: { type: 'tool_calls', tool_calls: [{ index: 0, args: delta }] } },
    });
  }

  /** The call is whole and its tool runs: vendors that do not stream arguments send them here at once. */
  toolCall(toolCallId: string, name: string, input: unknown): void {
    if (!this.tools.has(toolCallId)) this.toolInputStart(toolCallId, name);
    const step = this.tools.get(toolCallId);
    if (!step) return;
    const args = JSON.stringify(input ?? {});
    if (!step.call.args) this.toolInputDelta(toolCallId, args);
    step.call.args = args;
    // Running: a reply stored now (a crash, a stop) shows the call as never finished.
    step.call.progress = 0.1;
    this.dirty = true;
  }

  toolResult(toolCallId: string, name: string, result: ProviderToolResult): void {
    if (!this.tools.has(toolCallId)) this.toolInputStart(toolCallId, name);
    const step = this.tools.get(toolCallId);
    if (!step) return;
    step.call.output = result.text;
    step.call.progress = 1;
    if (result.signIn) {
      step.call.auth = result.signIn.url;
      step.call.expires_at = result.signIn.expiresAt;
      // As LibreChat announces a sign-in: the link on the call's step, before its completion.
      this.job.push('message', {
        event: 'on_run_step_delta',
        data: { id: step.stepId, delta: { type: 'tool_calls', auth: result.signIn.url, expires_at: result.signIn.expiresAt } },
      });
    }
    this.dirty = true;
    this.job.push('message', {
      event: 'on_run_step_completed',
      data: { result: { id: step.stepId, index: step.index, tool_call: { ...step.call } } },
    });
    for (const image of result.images ?? []) {
      this.parts.push(toolImagePart(image.url));
      this.open = undefined;
    }
  }

  /**
   * The content to store, or null for a model's reply that is plain text (its `text` says it
   * all). An error ends the parts; a reply with reasoning or an error has a text part, and so has
   * every agent reply.
   */
  content(errorText?: string): ContentPart[] | null {
    const plain = this.parts.every((part) => part.type === 'text') && this.parts.length <= 1;
    if (plain && errorText === undefined && !this.isAgentReply) return null;
    const parts: ContentPart[] = this.parts.map((part) =>
      part.type === 'tool_call' ? { type: 'tool_call', tool_call: { ...(part.tool_call as ToolCallState) } } : { ...part },
    );
    if (!parts.some((part) => part.type === 'text') && !this.hasToolCalls) parts.push({ type: 'text', text: this.initialText });
    if (errorText !== undefined) parts.push({ type: 'error', error: errorText });
    return parts;
  }

  /** The continued text goes into the first text part only. */
  private textPrefix(): string {
    return this.parts.some((part) => part.type === 'text') ? '' : this.initialText;
  }

  /** Announces a run step for the next part; the id of the first step of each kind is stable. */
  private announce(type: 'message_creation' | 'tool_calls', details: Record<string, unknown>, kind?: DeltaKind): string {
    const index = this.parts.length;
    const id =
      kind && !this.parts.some((part) => part.type === kind)
        ? `step_${kind}_${this.responseId}`
        : `step_${index}_${this.responseId}`;
    this.job.push('message', {
      event: 'on_run_step',
      data: { id, runId: this.responseId, index, type, stepDetails: { type, ...details } },
    });
    return id;
  }
}
