import type { ActiveJob, Conversation, Message } from '@confab/shared';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { askRoute, fetchActiveJobs, type EndpointsConfig } from '../api/chat-api';
import { columnsToResume } from '../multi-convo/resumed-columns';
import { getSubmission } from '../stream/chat-store';
import { resumeSubmission } from '../stream/run-submission';
import { isActivePhase } from '../stream/submission';

export const ACTIVE_JOBS_KEY = ['activeJobs'] as const;

/**
 * After a reload (or coming back from elsewhere), a generation may still be running for the
 * conversation: GET /api/chat/active finds it and the stream is rejoined, so the reply goes on
 * growing on screen (both replies of a question sent to two models). Asked in parallel with the
 * messages, once per opening.
 */
export function useResumeActiveJob(args: {
  conversationId: string | null;
  isEnabled: boolean;
  messages: readonly Message[] | undefined;
  conversation: Conversation | undefined;
  endpoints: EndpointsConfig | undefined;
}): { isChecking: boolean } {
  const { conversationId, isEnabled, messages, conversation, endpoints } = args;
  const jobs = useQuery({
    queryKey: [...ACTIVE_JOBS_KEY, conversationId],
    queryFn: fetchActiveJobs,
    enabled: isEnabled && conversationId !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });
  const resumedFor = useRef<string | null>(null);

  useEffect(() => {
    if (
      !isEnabled ||
      !conversationId ||
      !messages ||
      !jobs.data ||
      resumedFor.current === `${conversationId}:${jobs.dataUpdatedAt}`
    )
      return;
    resumedFor.current = `${conversationId}:${jobs.dataUpdatedAt}`;
    const existing = getSubmission(conversationId);
    if (existing && isActivePhase(existing.phase)) return;
    const columns = columnsToResume(jobs.data, conversationId, messages);
    if (!columns) return;
    const [first, added] = columns;
    const resume = (job: ActiveJob, isAddedColumn: boolean) => {
      const reply = messages.find((m) => m.messageId === job.responseMessageId);
      const endpoint = reply?.endpoint ?? conversation?.endpoint ?? 'openAI';
      const { routeEndpoint } = askRoute(endpoint, endpoints?.[endpoint]);
      resumeSubmission(job, messages, { endpoint, routeEndpoint }, { isAddedColumn });
    };
    // Both columns of a question sent to two models stream on: side by side again, each its own.
    resume(first, false);
    if (added) resume(added, true);
  }, [isEnabled, conversationId, messages, jobs.data, jobs.dataUpdatedAt, conversation, endpoints]);

  return { isChecking: isEnabled && conversationId !== null && jobs.isPending };
}
