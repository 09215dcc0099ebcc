import { modelSettingsSchema, pluginKeysOf, pluginToolsSchema } from '@confab/shared';
import { z } from 'zod';

/**
 * What a chat on LibreChat's Plugins endpoint (gptPlugins) sends beside an ordinary chat's fields:
 * the plugins the conversation picked (whole plugins or their keys; the keys count) and the
 * label its older clients send as `chatGptLabel`. Its `agentOptions` (LangChain's agent) are
 * not needed: the model calls the tools itself.
 */
export const pluginsRequestSchema = z.object({
  tools: pluginToolsSchema.nullish().transform(pluginKeysOf),
  chatGptLabel: modelSettingsSchema.shape.modelLabel,
});
export type PluginsRequest = z.infer<typeof pluginsRequestSchema>;
