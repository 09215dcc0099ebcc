import type { EndpointsConfig, ModelsConfig } from '../chat/api/chat-api';
import { sortedEndpoints } from '../chat/header/model-selection';
import type { Preset } from '../presets/presets-api';
import { filterPresets } from '../presets/preset-rules';
import { getEndpointFamily, getEndpointLabel, needsUserKey, type EndpointFamily } from './endpoint-meta';
import type { ModelSpec } from './model-specs';

/** SPEC 2: the search box shows with more than 10 options. */
export const SEARCH_THRESHOLD = 10;

export interface EndpointGroup {
  endpoint: string;
  label: string;
  family: EndpointFamily;
  iconURL: string | null;
  /** A key/config button: the endpoint takes the user's own key or base URL. */
  needsKey: boolean;
  /** SPEC 2: the plugins endpoint carries a deprecated badge. */
  isDeprecated: boolean;
  models: string[];
  /** The agents endpoint lists agents instead of models: the user's and shared ones ("My Agents"). */
  agents: AgentOption[];
  /** The built-in agents (the Meme maker), listed apart: nobody's own, so not under "My Agents". */
  builtInAgents: AgentOption[];
  /** The endpoint has no models (or agents) at all (not merely none matching the search). */
  isEmpty: boolean;
}

/** An agent as the selector lists it. */
export interface AgentOption {
  id: string;
  name: string;
  description: string | null;
  avatarUrl: string | null;
  model: string;
  /** Made by the server, not a user (isBuiltInAgent). */
  isBuiltIn: boolean;
}

export interface SelectorSections {
  specs: ModelSpec[];
  groups: EndpointGroup[];
  presets: Preset[];
  /** Every option before the search: decides whether the search box shows. */
  optionCount: number;
  /** Options left after the search. */
  matchCount: number;
}

export interface SelectorInput {
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
  specs: readonly ModelSpec[];
  presets: readonly Preset[];
  /** interface.endpointsMenu (and not modelSpecs.enforce). */
  showEndpoints: boolean;
  /** interface.presets. */
  showPresets: boolean;
  /** SPEC 6: AGENTS USE (and interface.agents). */
  canUseAgents: boolean;
  /** The user's and shared agents (GET /api/agents). */
  agents: readonly AgentOption[];
  query: string;
}

function optionsOf(group: EndpointGroup): number {
  return Math.max(
    group.family === 'agents' ? group.agents.length + group.builtInAgents.length : group.models.length,
    1,
  );
}

function matches(needle: string, ...values: (string | null | undefined)[]): boolean {
  return values.some((v) => !!v && v.toLowerCase().includes(needle));
}

/**
 * What the model selector lists (SPEC 2): model specs, then endpoints with their models, then
 * presets; the agents endpoint only with AGENTS USE. A search keeps specs by label, name or
 * description, models by their name or their endpoint's, presets by title, endpoint or model.
 */
export function buildSelectorSections(input: SelectorInput): SelectorSections {
  const needle = input.query.trim().toLowerCase();
  const endpoints = input.endpoints ?? {};
  const specs = input.specs.filter((s) => !!endpoints[s.preset.endpoint]);

  const allGroups: EndpointGroup[] = input.showEndpoints
    ? sortedEndpoints(endpoints)
        .filter((name) => input.canUseAgents || getEndpointFamily(name, endpoints[name]) !== 'agents')
        .map((name) => {
          const config = endpoints[name];
          const family = getEndpointFamily(name, config);
          const isAgents = family === 'agents';
          const models = isAgents ? [] : (input.models?.[name] ?? []);
          const agents = isAgents ? input.agents.filter((a) => !a.isBuiltIn) : [];
          const builtInAgents = isAgents ? input.agents.filter((a) => a.isBuiltIn) : [];
          return {
            endpoint: name,
            label: getEndpointLabel(name, endpoints),
            family,
            iconURL: config?.iconURL ?? null,
            needsKey: needsUserKey(config),
            isDeprecated: family === 'gptPlugins',
            models,
            agents,
            builtInAgents,
            isEmpty: isAgents ? agents.length === 0 : models.length === 0,
          };
        })
    : [];
  const allPresets = input.showPresets ? [...input.presets] : [];
  const optionCount = specs.length + allGroups.reduce((n, g) => n + optionsOf(g), 0) + allPresets.length;

  if (!needle) {
    const matchCount = optionCount;
    return { specs, groups: allGroups, presets: allPresets, optionCount, matchCount };
  }
  const foundSpecs = specs.filter((s) => matches(needle, s.label, s.name, s.description));
  const groups = allGroups
    .map((g) => {
      const isGroupMatch = matches(needle, g.label, g.endpoint);
      const agentMatch = (a: AgentOption) => isGroupMatch || matches(needle, a.name, a.description, a.model);
      return {
        ...g,
        models: isGroupMatch ? g.models : g.models.filter((m) => matches(needle, m)),
        agents: g.agents.filter(agentMatch),
        builtInAgents: g.builtInAgents.filter(agentMatch),
      };
    })
    .filter((g) => g.models.length > 0 || g.agents.length > 0 || g.builtInAgents.length > 0);
  const presets = filterPresets(allPresets, needle);
  const matchCount =
    foundSpecs.length +
    groups.reduce((n, g) => n + g.models.length + g.agents.length + g.builtInAgents.length, 0) +
    presets.length;
  return { specs: foundSpecs, groups, presets, optionCount, matchCount };
}
