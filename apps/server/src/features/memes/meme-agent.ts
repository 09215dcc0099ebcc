import { BUILT_IN_AGENT_AUTHOR, MEME_AGENT_AVATAR, MEME_AGENT_ID, MEME_TOOLS } from '@confab/shared';
import type { AppConfig } from '../../config/config-schema.js';
import type { EndpointCatalog, EndpointDefinition } from '../../providers/endpoint-catalog.js';
import type { AgentSpec } from '../agent-chat/agent-run.js';
import type { AuthUser } from '../auth/authenticate.js';
import { GLOBAL_PROJECT_ID } from '../agents/agent-schemas.js';
import type { AgentJson } from '../agents/agents.repo.js';
import type { BuiltInAgent, BuiltInAgents } from '../agents/agents.service.js';
import { memeAgentInstructions } from './meme-agent-instructions.js';
import { listMemeTemplates } from './templates/meme-templates.js';

export const MEME_AGENT_NAME = 'Meme maker';

const DESCRIPTION =
  'Turns your idea into memes: captioned pictures on an original template or your own photo, up to four options at once, and short videos.';

export const MEME_AGENT_STARTERS = [
  'Make a meme about Monday mornings',
  'Turn the photo I attach into a meme',
  'Give me 4 meme options about working from home',
  'Make a short video meme about coffee',
];

/** A key left to each user cannot run an agent offered to everyone: only the server's own keys count. */
const isServerKeyed = (endpoint: EndpointDefinition): boolean =>
  endpoint.apiKey !== 'user_provided' && endpoint.baseURL !== 'user_provided';

/**
 * The endpoint and model that run the agent: the config's `memes.agent.provider`/`model`; else the
 * first endpoint (in the selector's order) the server holds a key for and agents may use, taking
 * the configured model if that endpoint lists it, and its default model otherwise. Every endpoint
 * family runs the one tool loop, so any of them can call the meme tools. Undefined: none fits.
 */
export function memeAgentModel(
  config: AppConfig,
  catalog: EndpointCatalog,
): { provider: string; model: string } | undefined {
  const wanted = config.memes.agent;
  if (wanted.provider) {
    const endpoint = catalog.find(wanted.provider);
    const model = wanted.model ?? endpoint?.models[0];
    return endpoint && model ? { provider: endpoint.name, model } : undefined;
  }
  const allowed = config.endpoints?.agents?.allowedProviders;
  const usable = catalog
    .list()
    .filter((e) => isServerKeyed(e) && e.models.length > 0 && (!allowed?.length || allowed.includes(e.name)));
  const named = wanted.model;
  const endpoint = (named ? usable.find((e) => e.models.includes(named)) : undefined) ?? usable[0];
  const model = named && endpoint?.models.includes(named) ? named : endpoint?.models[0];
  return endpoint && model ? { provider: endpoint.name, model } : undefined;
}

/**
 * A user's agent that makes meme pictures can also search the template library (issue 39): an
 * agent holding `create_meme_image` gets `search_meme_templates` too, so the builder need not know
 * to tick both. Any other tool list is returned as it is.
 */
export function withMemeCompanionTools(tools: readonly string[]): string[] {
  if (!tools.includes(MEME_TOOLS.image) || tools.includes(MEME_TOOLS.searchTemplates)) return [...tools];
  return [...tools, MEME_TOOLS.searchTemplates];
}

/**
 * The built-in "Meme maker" agent (issue 21): not a stored row, offered to every user the config
 * allows (`memes.enabled`, `memes.agent.enabled`, `memes.agent.roles`), when some endpoint can run
 * it. The agents list and the agent chat read it through the agents feature's BuiltInAgents.
 */
export function createMemeAgent(config: AppConfig, catalog: EndpointCatalog): BuiltInAgents {
  const settings = config.memes;
  const runsOn = settings.enabled && settings.agent.enabled ? memeAgentModel(config, catalog) : undefined;
  const roles = settings.agent.roles;
  const tools: string[] = [
    MEME_TOOLS.image,
    MEME_TOOLS.video,
    MEME_TOOLS.searchTemplates,
    ...(settings.imageGeneration ? [MEME_TOOLS.generateImage] : []),
  ];
  // The config is read once at start: the agent "was made" then.
  const madeAt = new Date().toISOString();

  const build = (model: { provider: string; model: string }): BuiltInAgent => {
    // The gallery is read per request: it is static, but cheap, and its module may load it lazily.
    const instructions = memeAgentInstructions({
      templates: listMemeTemplates(),
      canGenerateBackgrounds: Boolean(settings.imageGeneration),
    });
    const json: AgentJson = {
      _id: MEME_AGENT_ID,
      id: MEME_AGENT_ID,
      name: MEME_AGENT_NAME,
      description: DESCRIPTION,
      instructions,
      provider: model.provider,
      model: model.model,
      model_parameters: {},
      tools,
      tool_resources: {},
      actions: [],
      // A picture of the web app's own, so its replies, the selector and the landing show it.
      avatar: { filepath: MEME_AGENT_AVATAR, source: 'local' },
      conversation_starters: MEME_AGENT_STARTERS,
      artifacts: null,
      recursion_limit: null,
      isCollaborative: false,
      // Shared with everyone, as the selector shows a global agent.
      projectIds: [GLOBAL_PROJECT_ID],
      author: BUILT_IN_AGENT_AUTHOR,
      createdAt: madeAt,
      updatedAt: madeAt,
      created_at: Math.floor(Date.parse(madeAt) / 1000),
    };
    const spec: AgentSpec = {
      id: MEME_AGENT_ID,
      name: MEME_AGENT_NAME,
      provider: model.provider,
      model: model.model,
      instructions,
      tools,
    };
    return { json, spec };
  };

  return {
    isBuiltIn: (id) => id === MEME_AGENT_ID,
    offeredTo(user: Pick<AuthUser, 'role'>): BuiltInAgent[] {
      if (!runsOn) return [];
      if (roles && !roles.includes(user.role)) return [];
      return [build(runsOn)];
    },
  };
}
