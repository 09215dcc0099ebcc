import { useMemo } from 'react';
import { useStartupConfig } from '../../config/use-startup-config';
import { readModelSpecs } from '../../model-selector/model-specs';
import { buildSelectorSections } from '../../model-selector/selector-options';
import { usePresetsEnabled, usePresetsQuery } from '../../presets/use-presets';
import { useEndpointsQuery, useModelsQuery } from '../api/chat-queries';
import { buildMentionOptions, type MentionOption } from './mention-options';

/**
 * The @ command's options for `query` (null: the popover is closed), read from the same queries
 * and interface settings as the header's model selector.
 */
export function useMentionOptions(query: string | null): { options: MentionOption[]; isLoading: boolean } {
  const { data: config } = useStartupConfig();
  const endpoints = useEndpointsQuery();
  const models = useModelsQuery();
  const presetsEnabled = usePresetsEnabled();
  const presets = usePresetsQuery(presetsEnabled && query !== null);
  const specs = useMemo(() => readModelSpecs(config), [config]);
  const enforceSpecs = !!config?.modelSpecs?.enforce && specs.length > 0;
  const showEndpoints = (config?.interface?.endpointsMenu ?? true) && !enforceSpecs;

  const options = useMemo(() => {
    if (query === null) return [];
    const sections = buildSelectorSections({
      endpoints: endpoints.data,
      models: models.data,
      specs,
      presets: presets.data ?? [],
      showEndpoints,
      showPresets: presetsEnabled,
      canUseAgents: false,
      agents: [],
      query,
    });
    return buildMentionOptions(sections, models.data, query);
  }, [query, endpoints.data, models.data, specs, presets.data, showEndpoints, presetsEnabled]);
  return { options, isLoading: !endpoints.data || !models.data };
}
