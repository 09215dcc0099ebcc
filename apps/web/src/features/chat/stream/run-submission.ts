import { NO_PARENT, type ActiveJob, type Message } from '@confab/shared';
import { askRoute, chatSendUrl } from '../api/chat-api';
import { addedReplyChoiceKey } from '../branches/branch-memory';
import { showNewestAt } from '../branches/branch-store';
import { messageFilesOf } from '../../files/message-files';
import { currentArtifactsMode } from '../../settings/artifact-preferences';
import { addedColumnKey } from '../multi-convo/added-model-store';
import { buildAskBody, initialSubmission, newMessage, type AskParams } from './ask-body';
import { forgetNewChatsOf, getSubmission, removeSubmission, setSubmission, useChatStore } from './chat-store';
import { follow } from './follow-stream';
import { runners, type Runner } from './runner';
import { takeInitialContent } from './stream-init-content';
import { isActivePhase } from './submission';

export type { AskParams } from './ask-body';
export { CONNECTION_ERROR } from './follow-stream';
export { stopSubmission } from './stop-submission';

/**
 * Lets go of conversations that were deleted (every one with `'all'`): their streams are no
 * longer followed (the server stopped their jobs), their submissions leave the screen, and a
 * new chat that had become one of them goes back to a fresh landing.
 */
export function dropConversations(conversationIds: readonly string[] | 'all'): void {
  // Keys are conversation ids once a chat has its conversation; `new:` keys have none yet.
  const isGone = (key: string) => (conversationIds === 'all' ? !key.startsWith('new:') : conversationIds.includes(key));
  for (const runner of [...runners]) {
    if (!isGone(runner.key)) continue;
    runner.newKey = null;
    runner.controller.abort();
  }
  for (const key of Object.keys(useChatStore.getState().submissions)) if (isGone(key)) removeSubmission(key);
  forgetNewChatsOf(conversationIds);
}

/** Sends (or re-asks) and follows the stream to its end, whatever page is showing. */
export function startSubmission(params: AskParams): void {
  const { routeEndpoint, endpointType } = askRoute(params.selection.endpoint, params.endpointConfig);
  const sub = initialSubmission(params, routeEndpoint);
  // Every kind of ask (send, regenerate, continue, edits, both columns) carries the Beta tab's mode.
  const body = buildAskBody({ artifacts: currentArtifactsMode(), ...params }, sub.userMessage.messageId, endpointType);
  // A new sibling is about to appear: show it (SPEC 4, sibling index resets to the newest); in
  // the added model's column, that column's choice alone, the first column's reply staying as chosen.
  if (params.kind === 'regenerate' && params.userMessage) {
    const { messageId } = params.userMessage;
    showNewestAt(params.conversationKey, params.isAddedColumnReply ? addedReplyChoiceKey(messageId) : messageId);
  }
  const isAddedColumn = params.multiConvo?.column === 1;
  if ((params.kind === 'send' || params.kind === 'edit-user') && !isAddedColumn)
    showNewestAt(params.conversationKey, params.parentMessageId ?? NO_PARENT);
  setSubmission(params.conversationKey, sub);
  const runner: Runner = {
    key: params.conversationKey,
    controller: new AbortController(),
    newKey: params.conversationKey.startsWith('new:') ? params.conversationKey : null,
    sentText: params.text,
    sentFileIds: messageFilesOf(sub.userMessage).map((f) => f.file_id),
    isTemporary: params.isTemporary ?? false,
    isAddedColumn,
  };
  void follow(runner, { kind: 'post', url: chatSendUrl(routeEndpoint, body.ephemeralAgent !== undefined), body });
}

/**
 * Rejoins a generation found running after a reload (GET /api/chat/active), under the
 * conversation's key, or, for the added model's column of a question sent to two models, under
 * that column's key, where it owns only its reply.
 */
export function resumeSubmission(
  job: ActiveJob,
  messages: readonly Message[],
  selection: { endpoint: string; routeEndpoint: string },
  options: { isAddedColumn?: boolean } = {},
): void {
  const isAddedColumn = options.isAddedColumn ?? false;
  const key = isAddedColumn ? addedColumnKey(job.conversationId) : job.conversationId;
  const existing = getSubmission(key);
  if (existing && isActivePhase(existing.phase)) return;
  const userMessage =
    messages.find((m) => m.messageId === job.userMessageId) ??
    newMessage({
      messageId: job.userMessageId,
      parentMessageId: NO_PARENT,
      conversationId: job.conversationId,
      isCreatedByUser: true,
    });
  const stored = messages.find((m) => m.messageId === job.responseMessageId);
  const initialContent = takeInitialContent(job.streamId);
  const responseMessage = stored
    ? { ...stored, unfinished: true }
    : newMessage({
        messageId: job.responseMessageId,
        parentMessageId: job.userMessageId,
        conversationId: job.conversationId,
        content: [],
        unfinished: true,
      });
  setSubmission(key, {
    kind: 'resume',
    conversationKey: key,
    conversationId: job.conversationId,
    userMessage,
    responseMessage,
    isNewUserMessage: false,
    initialContent,
    streamId: job.streamId,
    phase: 'connecting',
    isSlow: false,
    isReconnecting: false,
    isAbortRequested: false,
    conversation: null,
    endpoint: selection.endpoint,
    routeEndpoint: selection.routeEndpoint,
  });
  const runner: Runner = {
    key,
    controller: new AbortController(),
    newKey: null,
    sentText: '',
    sentFileIds: [],
    isAddedColumn,
  };
  void follow(runner, { kind: 'resume', streamId: job.streamId });
}
