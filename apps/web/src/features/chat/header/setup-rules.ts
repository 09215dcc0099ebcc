import type { ModelSettings } from '@confab/shared';
import type { EndpointsConfig, ModelsConfig } from '../api/chat-api';
import { getEndpointFamily } from '../../model-selector/endpoint-meta';
import { getDefaultModelSpec, isSpecAvailable, specToSetup, type ModelSpec } from '../../model-selector/model-specs';
import { firstSelection, isSelectionAvailable, type ConversationSetup, type ModelSelection } from './model-selection';

/**
 * How a new chat starts (SPEC 4, "initialised once per load, from a template, a preset or a
 * default spec"), first match wins:
 * 1. specs take priority (`prioritize`, or the model selector hidden): the default spec;
 * 2. the user's default preset;
 * 3. the default spec (the one marked default, or the spec of the last choice);
 * 4. the last model chosen;
 * 5. the first spec when the endpoints menu is hidden, else the first model of the first endpoint.
 * The user's own default preset outranks an administrator's default spec unless the
 * administrator asked specs to take priority.
 */
export function getInitialSetup(args: {
  endpoints: EndpointsConfig;
  models: ModelsConfig;
  specs: readonly ModelSpec[];
  isPrioritized: boolean;
  isModelSelectShown: boolean;
  isEndpointsMenuShown: boolean;
  defaultPreset: ConversationSetup | null;
  last: ModelSelection | null;
  lastSpec: string | null;
}): ConversationSetup | null {
  const { endpoints, models } = args;
  const specs = args.specs.filter((s) => isSpecAvailable(s, endpoints));
  const spec = getDefaultModelSpec({
    specs,
    isPrioritized: args.isPrioritized,
    isModelSelectShown: args.isModelSelectShown,
    lastSpec: args.lastSpec,
    lastChoiceSpec: args.last?.spec ?? null,
  });
  const fromSpec = spec ? specToSetup(spec, models) : null;
  if (fromSpec && (args.isPrioritized || !args.isModelSelectShown)) return fromSpec;
  if (args.defaultPreset && isSelectionAvailable(args.defaultPreset.selection, endpoints, models))
    return args.defaultPreset;
  if (fromSpec) return fromSpec;
  if (args.last && !args.last.spec && isSelectionAvailable(args.last, endpoints, models)) {
    const { endpoint, model, agentId } = args.last;
    return { selection: { endpoint, model, ...(agentId ? { agentId } : {}) }, settings: {} };
  }
  const firstSpec = !args.isEndpointsMenuShown && specs[0] ? specToSetup(specs[0], models) : null;
  if (firstSpec) return firstSpec;
  const first = firstSelection(endpoints, models);
  return first ? { selection: first, settings: {} } : null;
}

export type ChoicePlan =
  /**
   * Stay in this conversation; `replace` starts its settings over (a new chat's, or in an open
   * conversation continued elsewhere the new endpoint's defaults, its stored ones unset too).
   */
  | { kind: 'apply'; replace: boolean }
  /** Leave it: a new chat at /c/new with the choice. */
  | { kind: 'new-chat' };

/** Assistants keep their conversation in an OpenAI thread, which no other endpoint can continue. */
function isAssistantsType(endpoint: string | undefined, endpoints: EndpointsConfig | undefined): boolean {
  if (endpoint === undefined) return false;
  const family = getEndpointFamily(endpoint, endpoints?.[endpoint]);
  return family === 'assistants' || family === 'azureAssistants';
}

/**
 * SPEC 4, endpoint switch and model selection: an open conversation is kept when the endpoint is
 * unchanged (its next message uses the new model, settings kept), when modular chat is on (the
 * next message continues it on the new endpoint or agent, with that one's default settings), or
 * when both endpoints are assistants-type; otherwise the choice starts a new chat. Modular chat
 * is LibreChat's: it joins endpoints that take the whole history as messages, so assistants,
 * whose history is a thread, stay out of it. A chat not yet created simply takes the choice,
 * starting its settings over when the endpoint changes or the choice brings its own (a spec or
 * a preset).
 */
export function planChoice(args: {
  conversationId: string | null;
  current: ModelSelection | null;
  next: ModelSelection;
  bringsSettings: boolean;
  /** The modularChat preference. */
  isModular: boolean;
  endpoints: EndpointsConfig | undefined;
}): ChoicePlan {
  const { current, next, endpoints } = args;
  // Another agent is another conversation config (its instructions and tools), like another endpoint.
  const isSameEndpoint = current?.endpoint === next.endpoint && (current.agentId ?? null) === (next.agentId ?? null);
  if (args.conversationId === null) return { kind: 'apply', replace: args.bringsSettings || !isSameEndpoint };
  if (isSameEndpoint) return { kind: 'apply', replace: false };
  const isCurrentAssistants = isAssistantsType(current?.endpoint, endpoints);
  const isNextAssistants = isAssistantsType(next.endpoint, endpoints);
  if (isCurrentAssistants && isNextAssistants) return { kind: 'apply', replace: true };
  if (args.isModular && !isCurrentAssistants && !isNextAssistants) return { kind: 'apply', replace: true };
  return { kind: 'new-chat' };
}

/** A setup built from an endpoint's model: no settings of its own. */
export function modelSetup(endpoint: string, model: string, resetSpec: ModelSettings): ConversationSetup {
  return { selection: { endpoint, model, spec: null }, settings: resetSpec };
}
