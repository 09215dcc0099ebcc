import { DEFAULT_CONVERSATION_TITLE, type Conversation, type Message } from '@confab/shared';
import { queryClient } from '../../../lib/query-client';
import { runChatStream, StreamHttpError, type StreamFrameEvent } from '../../../lib/sse-client';
import { chatKeys } from '../api/chat-queries';
import { moveBranchChoices } from '../branches/branch-store';
import { moveAttachments } from '../../files/attachments-store';
import { moveDraft, NEW_DRAFT_ID } from '../drafts/drafts';
import { forgetTempFiles, moveFileDraft } from '../drafts/file-drafts';
import { moveSelection } from '../header/model-selection';
import { addedColumnKey, moveAddedModel } from '../multi-convo/added-model-store';
import { NEW_CHAT_TOOLS_KEY } from '../tools/tool-selection';
import { copyToolSelection } from '../tools/tool-selection-store';
import { getSubmission, moveSubmission, removeSubmission, setSubmission, updateSubmission } from './chat-store';
import { runners, type Runner } from './runner';
import { invalidateConversationLists, settle } from './settle-submission';
import { stopSubmission } from './stop-submission';
import { rememberInitialContent } from './stream-init-content';
import { applyError, applyStreamFrame, textOfParts } from './stream-reducer';
import { isActivePhase, type Submission } from './submission';

/** The error text of a stream that could not be opened or rejoined (shown as SPEC 8's notice). */
export const CONNECTION_ERROR = '__connection_error__';

function seedConversation(conversationId: string, sub: Submission, isTemporary: boolean): void {
  if (!queryClient.getQueryData(chatKeys.messages(conversationId)))
    queryClient.setQueryData<Message[]>(chatKeys.messages(conversationId), []);
  if (!queryClient.getQueryData(chatKeys.conversation(conversationId))) {
    const at = new Date().toISOString();
    const seeded: Conversation = {
      conversationId,
      title: DEFAULT_CONVERSATION_TITLE,
      endpoint: sub.endpoint,
      endpointType: sub.routeEndpoint === 'custom' ? 'custom' : null,
      model: sub.responseMessage.model,
      user: '',
      isArchived: false,
      tags: [],
      // A stand-in until the final frame brings the stored expiry: the screen only asks whether there is one.
      expiredAt: isTemporary ? at : null,
      createdAt: at,
      updatedAt: at,
    };
    queryClient.setQueryData(chatKeys.conversation(conversationId), seeded);
  }
}

function onCreated(runner: Runner, sub: Submission): void {
  const conversationId = sub.conversationId;
  if (sub.streamId) rememberInitialContent(sub.streamId, sub.initialContent);
  if (!conversationId) return;
  if (runner.isAddedColumn) {
    // The first column moves the new chat's draft, choices and selection; this one only follows.
    const key = addedColumnKey(conversationId);
    if (runner.key !== key) moveSubmission(runner.key, key);
    runner.key = key;
    if (sub.isAbortRequested) void stopSubmission(key);
    return;
  }
  // The server stored the message with its files: they are no longer temporary uploads.
  forgetTempFiles(runner.sentFileIds);
  if (runner.key !== conversationId) {
    // A new chat: from now on it is the conversation it became.
    seedConversation(conversationId, sub, runner.isTemporary ?? false);
    moveDraft(NEW_DRAFT_ID, conversationId);
    moveFileDraft(NEW_DRAFT_ID, conversationId);
    moveAttachments(NEW_DRAFT_ID, conversationId);
    // Copied, not moved: the tools a new chat was sent with are the last used, for the next new chat too.
    copyToolSelection(NEW_CHAT_TOOLS_KEY, conversationId);
    moveBranchChoices(runner.key, conversationId);
    moveSelection(runner.key, conversationId);
    moveAddedModel(runner.key, conversationId);
    moveSubmission(runner.key, conversationId);
    runner.key = conversationId;
    invalidateConversationLists();
  }
  if (sub.isAbortRequested) void stopSubmission(conversationId);
}

function handleFrame(runner: Runner, event: StreamFrameEvent, isFirst: boolean): void {
  const before = getSubmission(runner.key);
  if (!before || !isActivePhase(before.phase)) return;
  let base = before;
  if (isFirst && before.kind === 'resume') {
    // A resumed job replays from its start: rebuild the reply from its initial content.
    base = {
      ...before,
      toolSteps: {},
      responseMessage: {
        ...before.responseMessage,
        content: before.initialContent,
        text: textOfParts(before.initialContent),
      },
    };
  }
  const next = applyStreamFrame(base, event);
  if (next === before) return;
  setSubmission(runner.key, next);
  if (before.phase === 'connecting' && next.phase === 'streaming' && next.conversationId) onCreated(runner, next);
  if (!isActivePhase(next.phase)) settle(runner, next);
}

function errorTextOf(err: unknown): string {
  if (err instanceof StreamHttpError) {
    const body = err.body as { code?: string; message?: string; type?: string } | null;
    if (body && typeof body === 'object' && (body.type || body.code))
      return JSON.stringify({ ...body, type: body.type ?? body.code });
    return err.message;
  }
  return CONNECTION_ERROR;
}

/**
 * Follows one stream (a send's or a rejoined job's) to its end: each frame goes into the chat
 * store, a new chat becomes its conversation once the server names it, and the outcome settles.
 */
export async function follow(runner: Runner, start: Parameters<typeof runChatStream>[0]['start']): Promise<void> {
  runners.add(runner);
  let isFirst = true;
  try {
    const outcome = await runChatStream({
      start,
      signal: runner.controller.signal,
      onFrame: (event) => {
        handleFrame(runner, event, isFirst);
        isFirst = false;
      },
      onStreamId: (streamId) => {
        const sub = updateSubmission(runner.key, (s) => (s.streamId ? s : { ...s, streamId }));
        if (sub?.isAbortRequested) void stopSubmission(runner.key);
      },
      onSlowConnect: () => updateSubmission(runner.key, (s) => (isActivePhase(s.phase) ? { ...s, isSlow: true } : s)),
      onConnectionState: (state) =>
        updateSubmission(runner.key, (s) =>
          s.isReconnecting === (state === 'reconnecting') ? s : { ...s, isReconnecting: state === 'reconnecting' },
        ),
    });
    const sub = getSubmission(runner.key);
    if (outcome.status === 'lost' && sub && isActivePhase(sub.phase)) {
      // The job is gone; what was stored is the truth.
      if (sub.conversationId) await queryClient.invalidateQueries({ queryKey: chatKeys.messages(sub.conversationId) });
      removeSubmission(runner.key);
    }
  } catch (err) {
    const sub = getSubmission(runner.key);
    if (sub && isActivePhase(sub.phase)) settle(runner, applyError(sub, { text: errorTextOf(err) }));
  } finally {
    runners.delete(runner);
  }
}
