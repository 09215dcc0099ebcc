import { z } from 'zod';
import { MAX_MESSAGE_TEXT, modelSettingsSchema } from './chat.js';

const MAX_LIST = 100;
const id = z.string().max(256);

/**
 * The tools of LibreChat's Plugins endpoint (gptPlugins), as its conversations, presets and chat
 * requests carry them: plugin keys, or whole plugins (`tPluginSchema`) of which the key counts.
 */
export const pluginToolsSchema = z.array(z.union([id, z.object({ pluginKey: id }).passthrough()])).max(MAX_LIST);

/** The plugin keys of such a list, in its order. */
export function pluginKeysOf(tools: z.infer<typeof pluginToolsSchema> | null | undefined): string[] {
  return (tools ?? []).map((tool) => (typeof tool === 'string' ? tool : tool.pluginKey));
}

/**
 * SPEC 3 conversation fields a preset carries besides the model settings a chat sends: the agent,
 * assistant, Google and Bedrock settings and the rest. LibreChat's clients save them in presets
 * (an agents preset is its agent_id); dropped, the preset would come back unable to do its job.
 */
const presetOnlySettingsSchema = z.object({
  context: z.string().max(MAX_MESSAGE_TEXT).nullish(),
  examples: z
    .array(
      z.object({
        input: z.object({ content: z.string().max(MAX_MESSAGE_TEXT) }),
        output: z.object({ content: z.string().max(MAX_MESSAGE_TEXT) }),
      }),
    )
    .max(MAX_LIST)
    .nullish(),
  file_ids: z.array(id).max(MAX_LIST).nullish(),
  tools: pluginToolsSchema.nullish(),
  assistant_id: id.nullish(),
  agent_id: id.nullish(),
  region: z.string().max(64).nullish(),
  additionalModelRequestFields: z.record(z.string(), z.unknown()).nullish(),
  instructions: z.string().max(MAX_MESSAGE_TEXT).nullish(),
  additional_instructions: z.string().max(MAX_MESSAGE_TEXT).nullish(),
  append_current_datetime: z.boolean().nullish(),
  agentOptions: z
    .object({
      agent: z.enum(['functions', 'classic']).optional(),
      skipCompletion: z.boolean().optional(),
      model: z.string().max(256).optional(),
      temperature: z.number().min(0).max(2).optional(),
    })
    .nullish(),
});

export const presetSchema = modelSettingsSchema.extend({
  ...presetOnlySettingsSchema.shape,
  presetId: z.string().uuid().nullish(),
  title: z.string().trim().max(256).nullish(),
  endpoint: z.string().min(1).max(128),
  endpointType: z.string().max(64).nullish(),
  defaultPreset: z.boolean().optional(),
  order: z.number().int().min(0).max(100_000).nullish(),
});
export type PresetInput = z.infer<typeof presetSchema>;

export const deletePresetSchema = z.object({ presetId: z.string().uuid().optional() });
