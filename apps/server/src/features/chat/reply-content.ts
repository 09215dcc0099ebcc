import type { ContentPart, ReplyAttachment } from '@confab/shared';
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

type StreamedPart = { type: 'text'; text: string } | { type: 'think'; think: string; durationMs?: number };

interface OpenStep {
  kind: DeltaKind;
  stepId: string;
  part: StreamedPart;
  write: (delta: string) => string;
  /** Reasoning: when its first delta came (epoch ms), and how long it had thought before (a continued part). */
  startedAt: number;
  thoughtBeforeMs: number;
}

interface ToolStep {
  stepId: string;
  index: number;
  call: ToolCallState;
}

/**
 * The parts a continued reply starts from: its stored parts (an error part ends a reply, so it
 * goes), or its text as one part. An edit replaces the text, as the web's editor shows it: one
 * text part after the others.
 */
export function continuedParts(stored: readonly ContentPart[] | null, text: string, editedText?: string): ContentPart[] {
  const kept = (stored ?? []).filter((part) => part.type !== 'error');
  if (editedText !== undefined) return [...kept.filter((part) => part.type !== 'text'), { type: 'text', text: editedText }];
  if (kept.length) return kept;
  return text ? [{ type: 'text', text }] : [];
}

/** An image a tool returned, shown on the reply (its data, when it is one, goes back to the model). */
export function toolImagePart(url: string): ContentPart {
  return { type: 'image_url', image_url: { url } };
}

/**
 * The reply as it grows: content parts in the order they came (reasoning, text, tool calls with
 * their streamed arguments and output, images a tool returned), and the LibreChat run events
 * that announce and fill each part in the job's stream. Every part is one run step whose `index`
 * is the part's place in `content`, as LibreChat's client reads them (useStepHandler); a continued
 * reply's steps count from its last kept part, which the client already has.
 */
export class ReplyContent {
  private readonly parts: ContentPart[];
  /** How many parts a continued reply had: new run steps are numbered after the last of them. */
  private readonly indexBase: number;
  private open: OpenStep | undefined;
  private readonly tools = new Map<string, ToolStep>();
  /** Files the tools made, in the order they came (the reply's `attachments`). */
  private readonly madeFiles: ReplyAttachment[] = [];
  private announcedSteps = 0;
  /** Set by every change, cleared by `takeDirty` (the partial writer's cue). */
  private dirty = false;

  /**
   * @param initialParts a continued reply's parts (see continuedParts): new text and reasoning
   *   extend its last part when of the same kind, as the client shows them. They are already the
   *   client's, so they are stored, not streamed.
   * @param isAgentReply an agent's reply is content parts always, even plain text, as LibreChat's
   *   agents endpoint answers and stores every reply.
   * @param now the clock reasoning is timed with (tests set it).
   */
  constructor(
    private readonly job: GenerationJob,
    private readonly responseId: string,
    initialParts: readonly ContentPart[] = [],
    private readonly isAgentReply = false,
    private readonly now: () => number = Date.now,
  ) {
    this.parts = initialParts.map((part) => structuredClone(part));
    // As before parts were kept: the first new step, extending the last kept part, is step 0.
    this.indexBase = Math.max(0, this.parts.length - 1);
  }

  /** The reply's text: its text parts, joined. */
  get text(): string {
    let text = '';
    for (const part of this.parts) if (part.type === 'text') text += part.text;
    return text;
  }

  /** The reply's attachments (files its tools made), or undefined for none. */
  get attachments(): ReplyAttachment[] | undefined {
    return this.madeFiles.length ? [...this.madeFiles] : undefined;
  }

  /**
   * An attachment made beside the reply's own tool calls (a memory the memory step saved): kept
   * with the reply and sent now as an `attachment` frame, as a tool's files are.
   */
  attach(attachment: ReplyAttachment): void {
    this.madeFiles.push(attachment);
    this.dirty = true;
    this.job.push('attachment', attachment);
  }

  get hasToolCalls(): boolean {
    return this.parts.some((part) => part.type === 'tool_call');
  }

  takeDirty(): boolean {
    const was = this.dirty;
    this.dirty = false;
    return was;
  }

  append(kind: DeltaKind, delta: string): void {
    if (!delta) return;
    let open = this.open;
    const at = this.now();
    if (!open || open.kind !== kind) {
      this.closeOpen();
      const continued = this.continuedPart(kind);
      const part: StreamedPart = continued ?? (kind === 'text' ? { type: 'text', text: '' } : { type: 'think', think: '' });
      const index = continued ? this.parts.length - 1 : this.parts.length;
      const stepId = this.announce('message_creation', { message_creation: { message_id: this.responseId } }, index, kind);
      const thoughtBeforeMs = part.type === 'think' ? (part.durationMs ?? 0) : 0;
      open = { kind, stepId, part, write: deltaFrameWriter(kind, stepId), startedAt: at, thoughtBeforeMs };
      if (!continued) this.parts.push(part);
      this.open = open;
    }
    if (open.part.type === 'text') open.part.text += delta;
    else {
      open.part.think += delta;
      // From the first reasoning delta to the latest: one delta alone says nothing of how long.
      if (at > open.startedAt || open.thoughtBeforeMs) open.part.durationMs = open.thoughtBeforeMs + (at - open.startedAt);
    }
    this.dirty = true;
    this.job.pushSerialized('message', open.write(delta), true);
  }

  /**
   * Ends the open step. Reasoning that ends says how long it took: an empty reasoning delta with
   * `durationMs`, before the next part's step, so a client can show it while the answer streams
   * (to a client that does not read the field, it adds nothing).
   */
  private closeOpen(): void {
    const open = this.open;
    this.open = undefined;
    if (open?.part.type !== 'think' || open.part.durationMs === undefined) return;
    this.job.push('message', {
      event: 'on_reasoning_delta',
      data: { id: open.stepId, delta: { content: [{ type: 'think', think: '', durationMs: open.part.durationMs }] } },
    });
  }

  /** The continued reply's last part, which the first new step extends when of its kind. */
  private continuedPart(kind: DeltaKind): StreamedPart | undefined {
    if (this.announcedSteps > 0) return undefined;
    const last = this.parts[this.parts.length - 1];
    return last && last.type === kind ? (last as StreamedPart) : undefined;
  }

  /** The model began a tool call: a tool_calls step, its arguments to follow. */
  toolInputStart(toolCallId: string, name: string): void {
    if (this.tools.has(toolCallId)) return;
    this.closeOpen();
    const call: ToolCallState = { id: toolCallId, name, args: '', type: 'tool_call' };
    const index = this.parts.length;
    const stepId = this.announce('tool_calls', { tool_calls: [{ id: toolCallId, name, args: '', type: 'tool_call' }] }, index);
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

  /**
   * A running tool reported how far it is (0 to 1, issue 39's video renders): the call's
   * progress, kept between its start (0.1) and its end (1, which only the result sets), and a
   * step delta carrying it, beside the delta's `auth` as LibreChat places per-call extras.
   */
  toolProgress(toolCallId: string, fraction: number): void {
    const step = this.tools.get(toolCallId);
    if (!step || step.call.progress === undefined || step.call.progress >= 1) return;
    const progress = Math.round(Math.min(0.99, Math.max(0.1, fraction)) * 100) / 100;
    if (progress <= step.call.progress) return;
    step.call.progress = progress;
    this.dirty = true;
    this.job.push('message', {
      event: 'on_run_step_delta',
      data: { id: step.stepId, delta: { type: 'tool_calls', progress } },
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
      data: { result: { id: step.stepId, index: step.index - this.indexBase, tool_call: { ...step.call } } },
    });
    // As LibreChat's agents send a code run's files: one `attachment` frame each, after the call.
    for (const attachment of result.attachments ?? []) {
      this.madeFiles.push(attachment);
      this.job.push('attachment', attachment);
    }
    for (const image of result.images ?? []) {
      this.closeOpen();
      this.parts.push(toolImagePart(image.url));
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
    if (!parts.some((part) => part.type === 'text') && !this.hasToolCalls) parts.push({ type: 'text', text: '' });
    if (errorText !== undefined) parts.push({ type: 'error', error: errorText });
    return parts;
  }

  /**
   * Announces a run step for the part at `index` (in the parts, a continued reply's included);
   * the id of the first step of each kind is stable. The step's own index counts from the
   * continued reply's last part, which its first new step extends.
   */
  private announce(
    type: 'message_creation' | 'tool_calls',
    details: Record<string, unknown>,
    index: number,
    kind?: DeltaKind,
  ): string {
    const id =
      kind && !this.parts.some((part, i) => part.type === kind && i !== index)
        ? `step_${kind}_${this.responseId}`
        : `step_${index}_${this.responseId}`;
    this.announcedSteps++;
    this.job.push('message', {
      event: 'on_run_step',
      data: { id, runId: this.responseId, index: index - this.indexBase, type, stepDetails: { type, ...details } },
    });
    return id;
  }
}

/**
 * Tools are bound before their reply exists (the job starts first): what they report goes
 * through this relay, which the reply connects to once made. Reports before that are dropped.
 */
export class ToolProgressRelay {
  private target: ((toolCallId: string, fraction: number) => void) | undefined;
  connect(target: (toolCallId: string, fraction: number) => void): void {
    this.target = target;
  }
  readonly report = (toolCallId: string, fraction: number): void => this.target?.(toolCallId, fraction);
}
