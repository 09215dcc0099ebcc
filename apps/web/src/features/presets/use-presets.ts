import type { PresetInput } from '@confab/shared';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../components/ui/toast-store';
import { ApiError } from '../../lib/api-client';
import { queryClient } from '../../lib/query-client';
import { useStartupConfig } from '../config/use-startup-config';
import { deletePreset, fetchPresets, savePreset, type Preset } from './presets-api';

export const presetKeys = { all: ['presets'] as const };

/** SPEC 6: the presets interface toggle (on unless the config turns it off). */
export function usePresetsEnabled(): boolean {
  const { data: config } = useStartupConfig();
  return config?.interface?.presets ?? true;
}

export function usePresetsQuery(isEnabled = true) {
  return useQuery({
    queryKey: presetKeys.all,
    queryFn: ({ signal }) => fetchPresets(signal),
    enabled: isEnabled,
    staleTime: 5 * 60_000,
  });
}

function upsert(list: Preset[] | undefined, saved: Preset): Preset[] {
  const others = (list ?? []).filter((p) => p.presetId !== saved.presetId);
  // One default at most: the server unset the others in the same write.
  const rest = saved.defaultPreset ? others.map((p) => (p.defaultPreset ? { ...p, defaultPreset: false } : p)) : others;
  const index = (list ?? []).findIndex((p) => p.presetId === saved.presetId);
  if (index < 0) return [saved, ...rest];
  rest.splice(index, 0, saved);
  return rest;
}

function errorMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.message ? error.message : fallback;
}

export function useSavePreset() {
  const { t } = useTranslation('presets');
  return useMutation({
    mutationFn: (input: PresetInput) => savePreset(input),
    onSuccess: (saved) => queryClient.setQueryData<Preset[]>(presetKeys.all, (list) => upsert(list, saved)),
    onError: (error) => showToast({ message: errorMessage(error, t('save_failed')), status: 'error' }),
  });
}

export function useDeletePreset() {
  const { t } = useTranslation('presets');
  return useMutation({
    mutationFn: (presetId: string) => deletePreset(presetId),
    onSuccess: (_result, presetId) =>
      queryClient.setQueryData<Preset[]>(presetKeys.all, (list) => list?.filter((p) => p.presetId !== presetId)),
    onError: (error) => showToast({ message: errorMessage(error, t('delete_failed')), status: 'error' }),
  });
}
