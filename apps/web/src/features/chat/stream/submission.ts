import type { ContentPart, Conversation, Message } from '@confab/shared';
import type { ToolSteps } from './tool-call-events';

export type SubmissionKind = 'send' | 'regenerate' | 'continue' | 'edit-user' | 'edit-reply' | 'resume';

export type SubmissionPhase =
  /** Sent; nothing heard back yet. */
  | 'connecting'
  /** `created` arrived; deltas flow. */
  | 'streaming'
  /** `final` arrived. */
  | 'done'
  /** An error frame or a refused request ended it. */
  | 'error';

/**
 * One generation as the client follows it: the user message and the reply it is receiving.
 * It lives beside the stored messages until `final`, when its messages replace the stored ones.
 */
export interface Submission {
  kind: SubmissionKind;
  /** The conversation as the page knows it when sending: an id, or `new:<location key>`. */
  conversationKey: string;
  /** The real conversation id, once known. */
  conversationId: string | null;
  userMessage: Message;
  /** The reply: a placeholder, then the stored id (from `created`) with content growing. */
  responseMessage: Message;
  /** True when the user message is new (send, edited user message); false when it is stored. */
  isNewUserMessage: boolean;
  /** Content the reply started with (continue), to which deltas are appended. */
  initialContent: ContentPart[];
  streamId: string | null;
  phase: SubmissionPhase;
  /** No frame within TIMING.streamConnectErrorMs: shows the connection notice. */
  isSlow: boolean;
  isReconnecting: boolean;
  /** The stop button was pressed before the job was known; abort as soon as it is. */
  isAbortRequested: boolean;
  /** The abort call failed: "Error cancelling request." */
  isCancelFailed?: boolean;
  conversation: Conversation | null;
  /** The tool calls of each agent run step seen so far (tool-call-events.ts). */
  toolSteps?: ToolSteps;
  /** Endpoint route + name, for the abort call. */
  endpoint: string;
  routeEndpoint: string;
}

/** Sorts after any real timestamp, so a pending message is the newest of its siblings. */
export const PENDING_CREATED_AT = '9999-12-31T23:59:59.999Z';

export function isActivePhase(phase: SubmissionPhase): boolean {
  return phase === 'connecting' || phase === 'streaming';
}
