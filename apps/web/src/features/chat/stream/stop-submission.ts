import { abortGeneration } from '../api/chat-api';
import { getSubmission, setSubmission, updateSubmission } from './chat-store';
import { runners } from './runner';
import { settle } from './settle-submission';
import { applyFinal } from './stream-reducer';
import { isActivePhase } from './submission';

/** The stop button: aborts the job; the partial reply is stored and shown as final. */
export async function stopSubmission(conversationKey: string): Promise<'stopped' | 'failed'> {
  const sub = getSubmission(conversationKey);
  if (!sub || !isActivePhase(sub.phase)) return 'stopped';
  const abortKey = sub.streamId;
  if (!abortKey) {
    // The job is not known yet (a conversation id could name an older job): abort it as
    // soon as the server names it.
    updateSubmission(conversationKey, (s) => ({ ...s, isAbortRequested: true }));
    return 'stopped';
  }
  if (sub.isAbortRequested) updateSubmission(conversationKey, (s) => ({ ...s, isAbortRequested: false }));
  try {
    const result = await abortGeneration(sub.routeEndpoint, abortKey, sub.endpoint);
    const current = getSubmission(conversationKey);
    if (!result || !current || !isActivePhase(current.phase)) return 'stopped';
    const runner = [...runners].find((r) => r.key === conversationKey);
    const next = applyFinal(current, {
      conversation: result.conversation,
      requestMessage: result.requestMessage ?? current.userMessage,
      responseMessage: result.responseMessage ?? {
        ...current.responseMessage,
        unfinished: false,
        finish_reason: 'incomplete',
      },
    });
    setSubmission(conversationKey, next);
    if (runner) {
      settle(runner, next);
      runner.controller.abort();
    } else {
      settle(
        { key: conversationKey, controller: new AbortController(), newKey: null, sentText: '', sentFileIds: [] },
        next,
      );
    }
    return 'stopped';
  } catch {
    updateSubmission(conversationKey, (s) => ({ ...s, isCancelFailed: true }));
    return 'failed';
  }
}
