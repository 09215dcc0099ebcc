import { z } from 'zod';
import { modelSettingsSchema } from './chat.js';

export const presetSchema = modelSettingsSchema.extend({
  presetId: z.string().uuid().nullish(),
  title: z.string().trim().max(256).nullish(),
  endpoint: z.string().min(1).max(128),
  endpointType: z.string().max(64).nullish(),
  defaultPreset: z.boolean().optional(),
  order: z.number().int().min(0).max(100_000).nullish(),
});
export type PresetInput = z.infer<typeof presetSchema>;

export const deletePresetSchema = z.object({ presetId: z.string().uuid().optional() });
