import type { ActiveJob } from '@confab/shared';

export interface JobFrame {
  seq: number;
  /** `attachment`: a file a tool made, as LibreChat sends it (`event: attachment`). */
  event: 'message' | 'error' | 'attachment';
  /** Serialized once, written as-is to every subscriber. */
  data: string;
  /** A text or reasoning delta (writers may hold these back a little); unset when not known. */
  delta?: boolean;
}

type Listener = (frame: JobFrame) => void;

/**
 * A generation that lives independently of the HTTP request that started it. Frames are
 * numbered; a subscriber can join at any sequence number and receives the rest with no gap
 * and no duplicate. When the job ends, the deltas are dropped and only `created` and the
 * terminal frame are kept: the terminal frame carries the whole reply.
 */
export class GenerationJob {
  readonly abortController = new AbortController();
  readonly startedAt = new Date().toISOString();
  private frames: JobFrame[] = [];
  private nextSeq = 1;
  private listeners = new Set<Listener>();
  private endListeners = new Set<() => void>();
  private mirrors: Listener[] = [];
  private finished = false;
  private resolveDone!: () => void;
  readonly done = new Promise<void>((resolve) => (this.resolveDone = resolve));
  /** The tool loop's step limit, when the run stopped at it still calling tools (SPEC 8's tool_call_limit). */
  stepLimitReached: number | undefined;

  constructor(
    readonly streamId: string,
    readonly userId: string,
    readonly conversationId: string,
    readonly userMessageId: string,
    readonly responseMessageId: string,
  ) {}

  get isFinished(): boolean {
    return this.finished;
  }

  get lastSeq(): number {
    return this.nextSeq - 1;
  }

  /** Characters of frame JSON this job holds: after the end, its `created` and terminal frames. */
  get keptChars(): number {
    let chars = 0;
    for (const frame of this.frames) chars += frame.data.length;
    return chars;
  }

  push(event: JobFrame['event'], payload: unknown): void {
    this.pushSerialized(event, JSON.stringify(payload));
  }

  /** A frame whose JSON the caller has written (the hot path of deltas). */
  pushSerialized(event: JobFrame['event'], data: string, delta = false): void {
    if (this.finished) return;
    const frame: JobFrame = { seq: this.nextSeq++, event, data, delta };
    this.frames.push(frame);
    for (const mirror of this.mirrors) mirror(frame);
    for (const listener of this.listeners) listener(frame);
  }

  /** Sees every frame, including those pushed before anyone subscribed (the Redis mirror). */
  onFrame(mirror: Listener): void {
    for (const frame of this.frames) mirror(frame);
    this.mirrors.push(mirror);
  }

  /** Ends the job: keeps the first and last frames, wakes subscribers to close. */
  finish(): void {
    if (this.finished) return;
    this.finished = true;
    const first = this.frames[0];
    const last = this.frames[this.frames.length - 1];
    this.frames = first && last && first !== last ? [first, last] : this.frames.slice(0, 1);
    for (const end of this.endListeners) end();
    this.listeners.clear();
    this.endListeners.clear();
    this.resolveDone();
  }

  /**
   * Replays frames after `afterSeq`, then follows live frames until the job ends. A finished
   * job replays what it kept (its terminal frame holds the full state) and ends at once.
   */
  subscribe(afterSeq: number, onFrame: Listener, onEnd: () => void): () => void {
    // An id this job never sent (a client's bug, a forged header) replays from the start, as an unreadable one does.
    if (afterSeq > this.lastSeq) afterSeq = 0;
    for (const frame of this.frames) if (frame.seq > afterSeq) onFrame(frame);
    if (this.finished) {
      onEnd();
      return () => {};
    }
    this.listeners.add(onFrame);
    this.endListeners.add(onEnd);
    return () => {
      this.listeners.delete(onFrame);
      this.endListeners.delete(onEnd);
    };
  }

  toActiveJob(): ActiveJob {
    return {
      streamId: this.streamId,
      conversationId: this.conversationId,
      userMessageId: this.userMessageId,
      responseMessageId: this.responseMessageId,
      startedAt: this.startedAt,
    };
  }
}
