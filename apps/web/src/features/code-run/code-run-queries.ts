import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { queryClient } from '../../lib/query-client';
import { useStartupConfig } from '../config/use-startup-config';
import { useRolePermissions } from '../roles/use-role-permissions';
import { fileKeys } from '../files/file-queries';
import {
  codeRunKeys,
  CODE_TOOL_ID,
  fetchCodeToolAuth,
  fetchToolCalls,
  type CodeRunAnswer,
  type CodeRunParams,
} from './code-run-api';
import { groupCodeRuns, type CodeRunRecord } from './code-run-result';

/**
 * SPEC 6: RUN_CODE USE of the user's role, with `interface.runCode` (off, the server also turns
 * RUN_CODE off for every role at start); false while either is unknown.
 */
export function useCanRunCode(): boolean {
  const { data: config } = useStartupConfig();
  const canUse = useRolePermissions().permissions?.RUN_CODE?.USE ?? false;
  return canUse && config?.interface?.runCode !== false;
}

/** Whether code can run for this user now, and whether a Code API key of their own is wanted. */
export function useCodeToolAuth(enabled: boolean) {
  return useQuery({
    queryKey: codeRunKeys.auth,
    queryFn: ({ signal }) => fetchCodeToolAuth(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
}

/**
 * The runs of a conversation's code blocks, per block (one request per conversation, shared by
 * all its blocks): how a run's output comes back after a reload.
 */
export function useCodeRuns(conversationId: string, enabled: boolean): Map<string, CodeRunRecord[]> | undefined {
  const { data } = useQuery({
    queryKey: codeRunKeys.calls(conversationId),
    queryFn: ({ signal }) => fetchToolCalls(conversationId, signal),
    enabled,
    staleTime: 5 * 60_000,
  });
  return useMemo(() => (data ? groupCodeRuns(data) : undefined), [data]);
}

/** A finished run joins its block's runs at once; its files join the user's files list. */
export function rememberCodeRun(params: CodeRunParams, answer: CodeRunAnswer): void {
  const run: CodeRunRecord = {
    messageId: params.messageId,
    conversationId: params.conversationId,
    partIndex: params.partIndex,
    blockIndex: params.blockIndex,
    toolId: CODE_TOOL_ID,
    result: answer.result,
    attachments: answer.attachments ?? [],
  };
  const key = codeRunKeys.calls(params.conversationId);
  // Not loaded yet (the list of earlier runs would be lost): read it all again instead.
  if (queryClient.getQueryData(key)) queryClient.setQueryData<CodeRunRecord[]>(key, (runs) => [...(runs ?? []), run]);
  else void queryClient.invalidateQueries({ queryKey: key });
  if (run.attachments?.length) void queryClient.invalidateQueries({ queryKey: fileKeys.files });
}
