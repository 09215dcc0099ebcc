import type { OpenAISimulatorStats, RecordedRequest } from './openai-types.js';

/** What every scripted provider fake offers its tests: a URL, a reply queue, a responder, a log. */
export interface ScriptedSimulator<Reply, Responder> {
  /** The base URL, as the vendor's AI SDK provider takes it. */
  readonly url: string;
  readonly port: number;
  /** Queue replies: each request takes the next one. */
  enqueue(...replies: Reply[]): void;
  /** Decides the reply when the queue is empty; `undefined` removes it. */
  setResponder(fn: Responder | undefined): void;
  readonly requests: RecordedRequest[];
  readonly stats: OpenAISimulatorStats;
  reset(): void;
  close(): Promise<void>;
}
