import { TIMING, type Conversation, type Message } from '@confab/shared';
import { track } from '../../../lib/analytics';
import { queryClient } from '../../../lib/query-client';
import { invalidateBalance } from '../../balance/balance';
import { generateTitle } from '../api/chat-api';
import { chatKeys } from '../api/chat-queries';
import { clearDraftIfSent } from '../drafts/drafts';
import { removeSentFromFileDraft } from '../drafts/file-drafts';
import { getSubmission, markNewChatFinished, removeSubmission, setSubmission } from './chat-store';
import { upsertMessages } from './merge-submission';
import type { Runner } from './runner';
import { forgetInitialContent } from './stream-init-content';
import type { Submission } from './submission';

const SETTLE_DELAY_MS = 50;

export function invalidateConversationLists(): void {
  void queryClient.invalidateQueries({ queryKey: chatKeys.conversationLists });
}

function scheduleTitle(conversationId: string): void {
  setTimeout(() => {
    generateTitle(conversationId)
      .then(({ title }) => {
        queryClient.setQueryData<Conversation>(chatKeys.conversation(conversationId), (c) => (c ? { ...c, title } : c));
        invalidateConversationLists();
      })
      .catch(() => undefined);
  }, TIMING.titleGenerationDelayMs);
}

/** Writes the outcome of a submission into the stored messages and lets it go. */
export function settle(runner: Runner, sub: Submission): void {
  const conversationId = sub.conversationId;
  // Final or error, the generation has been paid for (or refused): the balance moved.
  invalidateBalance(queryClient);
  // SPEC 7's analytics: an answered question, and a chat that its first answer created.
  if (sub.phase === 'done' && conversationId) {
    track('questions_answered', { chatId: conversationId, kind: sub.kind });
    if (sub.conversationKey.startsWith('new:')) track('chat_created', { chatId: conversationId });
  }
  const wasStored = sub.streamId !== null;
  forgetInitialContent(sub.streamId);
  if (!conversationId || !wasStored) {
    // Refused before anything was stored: the submission stays on screen with its error.
    setSubmission(runner.key, sub);
    return;
  }
  queryClient.setQueryData<Message[]>(chatKeys.messages(conversationId), (messages) =>
    upsertMessages(messages, runner.isAddedColumn ? [sub.responseMessage] : [sub.userMessage, sub.responseMessage]),
  );
  if (runner.isAddedColumn) {
    // The first column settles the conversation, the draft and the new chat's URL.
    setSubmission(runner.key, sub);
    const key = runner.key;
    setTimeout(() => {
      if (getSubmission(key) === sub) removeSubmission(key);
    }, SETTLE_DELAY_MS);
    return;
  }
  if (sub.conversation) queryClient.setQueryData(chatKeys.conversation(conversationId), sub.conversation);
  // The finished submission stays laid over the cache until React Query has told the page
  // about the new data (it notifies on a later task); dropping it at once would make the
  // new messages blink out for a frame.
  setSubmission(runner.key, sub);
  const key = runner.key;
  setTimeout(() => {
    if (getSubmission(key) === sub) removeSubmission(key);
  }, SETTLE_DELAY_MS);
  clearDraftIfSent(conversationId, runner.sentText);
  removeSentFromFileDraft(conversationId, runner.sentFileIds);
  invalidateConversationLists();
  if (runner.newKey) {
    markNewChatFinished(runner.newKey, conversationId);
    if (sub.phase === 'done' && !runner.isTemporary) scheduleTitle(conversationId);
    runner.newKey = null;
  }
}
