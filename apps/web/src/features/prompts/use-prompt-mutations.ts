import type { PromptGroup, PromptVersion } from '@confab/shared';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { promptKeys } from './prompt-queries';
import {
  createPrompt,
  deletePromptGroup,
  deletePromptVersion,
  makePromptProduction,
  recordPromptUse,
  updatePromptGroup,
  updatePromptLabels,
  type CreatePromptBody,
  type UpdatePromptGroupBody,
} from './prompts-api';

/** The server's own words for a refusal it explains (a taken command, say); else `fallback`. */
export function promptErrorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && error.message
    ? error.message
    : fallback;
}

/** Whether a refusal is about the slash command (shown under its field rather than as a toast). */
export function isCommandError(error: unknown): boolean {
  if (!(error instanceof ApiError) || error.status < 400 || error.status >= 500) return false;
  // A taken command is a 409 with `field: 'command'`; a malformed one a validation error naming it.
  const field = (error.body as { field?: unknown } | null)?.field;
  return field === 'command' || /command/i.test(error.message);
}

/** Lists, the "/" command's list and the open group all read from `promptKeys.all`. */
function refreshPrompts(): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: promptKeys.all });
}

/** A new group with its first version. Command refusals are left to the form. */
export function useCreatePromptGroup() {
  const { t } = useTranslation('prompts');
  return useMutation({
    mutationFn: (input: CreatePromptBody) => createPrompt(input),
    onSuccess: (result) => {
      queryClient.setQueryData(promptKeys.group(result.group._id), result.group);
      void refreshPrompts();
      showToast({ message: t('created'), status: 'success' });
    },
    onError: (error) => {
      if (!isCommandError(error)) showToast({ message: promptErrorMessage(error, t('save_failed')), status: 'error' });
    },
  });
}

/** Saves a text as the group's newest version (an edit, or a restore of an older one). */
export function useSavePromptVersion(groupId: string) {
  const { t } = useTranslation('prompts');
  return useMutation({
    mutationFn: (input: { prompt: string; type: PromptVersion['type']; isRestore?: boolean }) =>
      createPrompt({ prompt: { prompt: input.prompt, type: input.type, groupId } }),
    onSuccess: (result, input) => {
      queryClient.setQueryData<PromptVersion[]>(promptKeys.versions(groupId), (list) =>
        list ? [result.prompt, ...list.filter((v) => v._id !== result.prompt._id)] : list,
      );
      void refreshPrompts();
      showToast({ message: input.isRestore ? t('restored') : t('version_saved'), status: 'success' });
    },
    onError: (error) => showToast({ message: promptErrorMessage(error, t('save_failed')), status: 'error' }),
  });
}

/** Name, category, one-liner, command, sharing. Command refusals are left to the form. */
export function useUpdatePromptGroup(groupId: string) {
  const { t } = useTranslation('prompts');
  return useMutation({
    mutationFn: (input: UpdatePromptGroupBody & { successMessage?: string }) => {
      const { successMessage: _ignored, ...body } = input;
      return updatePromptGroup(groupId, body);
    },
    onSuccess: (group, input) => {
      queryClient.setQueryData<PromptGroup>(promptKeys.group(groupId), (old) => (old ? { ...old, ...group } : group));
      void refreshPrompts();
      showToast({ message: input.successMessage ?? t('saved'), status: 'success' });
    },
    onError: (error) => {
      if (!isCommandError(error)) showToast({ message: promptErrorMessage(error, t('save_failed')), status: 'error' });
    },
  });
}

export function useUpdatePromptLabels(groupId: string) {
  const { t } = useTranslation('prompts');
  return useMutation({
    mutationFn: ({ promptId, labels }: { promptId: string; labels: string[] }) => updatePromptLabels(promptId, labels),
    // At once on screen; the server's answer is read back with the versions.
    onMutate: ({ promptId, labels }) => {
      const previous = queryClient.getQueryData<PromptVersion[]>(promptKeys.versions(groupId));
      queryClient.setQueryData<PromptVersion[]>(promptKeys.versions(groupId), (list) =>
        list?.map((v) => (v._id === promptId ? { ...v, labels } : v)),
      );
      return { previous };
    },
    onError: (error, _input, context) => {
      if (context?.previous) queryClient.setQueryData(promptKeys.versions(groupId), context.previous);
      showToast({ message: promptErrorMessage(error, t('labels_failed')), status: 'error' });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: promptKeys.versions(groupId) }),
  });
}

export function useMakePromptProduction(groupId: string) {
  const { t } = useTranslation('prompts');
  return useMutation({
    mutationFn: (promptId: string) => makePromptProduction(promptId),
    onSuccess: (_result, promptId) => {
      queryClient.setQueryData<PromptGroup>(promptKeys.group(groupId), (old) =>
        old ? { ...old, productionId: promptId } : old,
      );
      void refreshPrompts();
      showToast({ message: t('production_set'), status: 'success' });
    },
    onError: (error) => showToast({ message: promptErrorMessage(error, t('save_failed')), status: 'error' }),
  });
}

/** Deletes one version; deleting the last one deletes the group too (the server's rule). */
export function useDeletePromptVersion(groupId: string) {
  const { t } = useTranslation('prompts');
  return useMutation({
    mutationFn: (promptId: string) => deletePromptVersion(promptId, groupId),
    onSuccess: (_result, promptId) => {
      queryClient.setQueryData<PromptVersion[]>(promptKeys.versions(groupId), (list) =>
        list?.filter((v) => v._id !== promptId),
      );
      void refreshPrompts();
      showToast({ message: t('version_deleted'), status: 'success' });
    },
    onError: (error) => showToast({ message: promptErrorMessage(error, t('delete_failed')), status: 'error' }),
  });
}

export function useDeletePromptGroup() {
  const { t } = useTranslation('prompts');
  return useMutation({
    mutationFn: (groupId: string) => deletePromptGroup(groupId),
    onSuccess: (_result, groupId) => {
      queryClient.removeQueries({ queryKey: promptKeys.group(groupId) });
      queryClient.removeQueries({ queryKey: promptKeys.versions(groupId) });
      void refreshPrompts();
      showToast({ message: t('deleted'), status: 'success' });
    },
    onError: (error) => showToast({ message: promptErrorMessage(error, t('delete_failed')), status: 'error' }),
  });
}

/** Counts one use of a group ("Start a chat", the "/" command); a failure only loses the count. */
export function useRecordPromptUse() {
  return useMutation({
    mutationFn: (groupId: string) => recordPromptUse(groupId),
    onSuccess: ({ numberOfGenerations }, groupId) =>
      queryClient.setQueryData<PromptGroup>(promptKeys.group(groupId), (old) =>
        old ? { ...old, numberOfGenerations } : old,
      ),
  });
}
