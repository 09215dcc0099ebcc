import { buildMessageTree, selectBranch, type ForkOption, type Message } from '@confab/shared';

/** The body of POST /api/convos/fork, as LibreChat's client sends it. */
export interface ForkRequest {
  conversationId: string;
  messageId: string;
  option: ForkOption;
  splitAtTarget: boolean;
  latestMessageId?: string;
}

/**
 * The last message of the branch on screen: "Start fork here" copies from the target down to
 * it. Null when there are no messages.
 */
export function visibleLeafId(messages: readonly Message[], choices: Readonly<Record<string, number>>): string | null {
  const branch = selectBranch(buildMessageTree(messages), choices);
  return branch.at(-1)?.messageId ?? null;
}

/**
 * The fork request for a message. With "Start fork here" the server needs the latest message;
 * without a known one (nothing cached yet) the target itself is the latest, so the fork still
 * starts at the target rather than failing.
 */
export function buildForkRequest(args: {
  conversationId: string;
  messageId: string;
  option: ForkOption;
  splitAtTarget: boolean;
  latestMessageId: string | null;
}): ForkRequest {
  const { conversationId, messageId, option, splitAtTarget, latestMessageId } = args;
  const request: ForkRequest = { conversationId, messageId, option, splitAtTarget };
  if (latestMessageId) request.latestMessageId = latestMessageId;
  else if (splitAtTarget) request.latestMessageId = messageId;
  return request;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The conversation a message can be forked from, or null while it has none on the server yet
 * (a new chat's key is `new:…` until its first reply creates it).
 */
export function forkableConversationId(conversationKey: string): string | null {
  return UUID.test(conversationKey) ? conversationKey : null;
}
