import type { ModelSettings, PresetInput } from '@confab/shared';
import { apiJson } from '../../lib/api-client';

/** A saved preset as GET /api/presets returns it (SPEC 3, Preset). */
export interface Preset extends ModelSettings {
  presetId: string;
  title: string;
  endpoint: string | null;
  endpointType?: string | null;
  defaultPreset: boolean;
  order?: number | null;
  createdAt?: string;
  updatedAt?: string;
}

export function fetchPresets(signal?: AbortSignal): Promise<Preset[]> {
  return apiJson<Preset[]>('/api/presets', { signal });
}

/** Creates a preset, or replaces the one with `presetId` (its settings too: send them all). */
export function savePreset(input: PresetInput): Promise<Preset> {
  return apiJson<Preset>('/api/presets', { method: 'POST', json: input });
}

export function deletePreset(presetId: string): Promise<{ deletedCount: number }> {
  return apiJson<{ deletedCount: number }>('/api/presets/delete', { method: 'POST', json: { presetId } });
}
