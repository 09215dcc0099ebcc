import type { Conversation, ModelSettings } from '@confab/shared';
import { useCallback, useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useStartupConfig } from '../../config/use-startup-config';
import { readModelSpecs } from '../../model-selector/model-specs';
import { findDefaultPreset, presetToSetup } from '../../presets/preset-rules';
import { usePresetsEnabled, usePresetsQuery } from '../../presets/use-presets';
import type { EndpointsConfig, ModelsConfig } from '../api/chat-api';
import { focusComposer } from '../input/composer-store';
import { useChatPreferences } from '../../settings/chat-preferences';
import { mergeSettings, pickSettings, SPEC_IDENTITY_RESET, startOverSettings } from './conversation-settings';
import {
  applySetup,
  resolveSelection,
  useModelSelectionStore,
  type ConversationSetup,
  type ModelSelection,
} from './model-selection';
import { getInitialSetup, modelSetup, planChoice } from './setup-rules';

/** The key of a chat not created yet, as the chat page builds it. */
export function newChatKey(chatSession: string): string {
  return `new:${chatSession}`;
}

export interface ConversationSetupState {
  selection: ModelSelection | null;
  /** The selection is not known yet (the conversation, the endpoints or the config still load). */
  isPending: boolean;
  /** What the next send carries: the stored settings with this page's changes on top. */
  settings: ModelSettings;
  chooseModel(endpoint: string, model: string): void;
  chooseSetup(setup: ConversationSetup): void;
}

/**
 * The endpoint, model and settings of the open conversation, and the choices that change them
 * (SPEC 4): a new chat starts once from the default preset or spec or the last choice; in an
 * existing conversation a choice on the same endpoint keeps it, one on another endpoint keeps it
 * too with modular chat on (setup-rules.ts, planChoice) and otherwise leaves for a new chat.
 */
export function useConversationSetup(args: {
  conversationKey: string;
  conversationId: string | null;
  /** The open conversation; undefined while it loads, null when it cannot be read. */
  conversation: Conversation | null | undefined;
  endpoints: EndpointsConfig | undefined;
  models: ModelsConfig | undefined;
}): ConversationSetupState {
  const { conversationKey, conversationId, conversation, endpoints, models } = args;
  const navigate = useNavigate();
  const config = useStartupConfig();
  const presetsEnabled = usePresetsEnabled();
  const presets = usePresetsQuery(presetsEnabled);
  const chosen = useModelSelectionStore((s) => s.byConversation[conversationKey]);
  const last = useModelSelectionStore((s) => s.last);
  const lastSpec = useModelSelectionStore((s) => s.lastSpec);
  const overrides = useModelSelectionStore((s) => s.settings[conversationKey]);
  const isModular = useChatPreferences((s) => s.modularChat);

  // A new chat is set up once, when everything it may start from has loaded.
  const isReady =
    !!endpoints &&
    !!models &&
    (config.isSuccess || config.isError) &&
    (!presetsEnabled || presets.isSuccess || presets.isError);
  // Worked out during the render, so the first frame with a model shows the one the chat starts
  // with, not the fallback of resolveSelection for the moment before the effect below stores it.
  const initialSetup = useMemo(() => {
    if (conversationId !== null || chosen || !isReady || !endpoints || !models) return null;
    const ui = config.data?.interface;
    const preset = presetsEnabled ? findDefaultPreset(presets.data) : null;
    return getInitialSetup({
      endpoints,
      models,
      specs: readModelSpecs(config.data),
      isPrioritized: config.data?.modelSpecs?.prioritize === true,
      isModelSelectShown: ui?.modelSelect ?? true,
      isEndpointsMenuShown: ui?.endpointsMenu ?? true,
      defaultPreset: preset ? presetToSetup(preset, models) : null,
      last,
      lastSpec,
    });
  }, [conversationId, chosen, isReady, endpoints, models, config.data, presetsEnabled, presets.data, last, lastSpec]);

  // Unknown (null) until what decides it has loaded: an open conversation names its own model (an
  // agent's chat would otherwise show another model's name first), a new chat starts from the
  // setup above. Only a choice made meanwhile (a menu, the URL) shows before.
  const isPending =
    !chosen && (conversationId !== null ? conversation === undefined || !endpoints || !models : !isReady);
  const selection = useMemo(
    () =>
      isPending
        ? null
        : resolveSelection({
            chosen: chosen ?? initialSetup?.selection,
            conversation,
            last: conversationId ? null : last,
            endpoints,
            models,
          }),
    [isPending, chosen, initialSetup, conversation, last, conversationId, endpoints, models],
  );
  const stored = useMemo(
    () => (conversationId && conversation ? pickSettings(conversation) : undefined),
    [conversationId, conversation],
  );
  const settings = useMemo(() => mergeSettings(stored, overrides), [stored, overrides]);

  useEffect(() => {
    // Already chosen (a menu choice, the URL query) between the render and now: that stays.
    if (!initialSetup || useModelSelectionStore.getState().byConversation[conversationKey]) return;
    applySetup(conversationKey, initialSetup, { replace: true, isUserChoice: false });
  }, [conversationKey, initialSetup]);

  const choose = useCallback(
    (next: ConversationSetup, bringsSettings: boolean) => {
      const plan = planChoice({
        conversationId,
        current: selection,
        next: next.selection,
        bringsSettings,
        isModular,
        endpoints,
      });
      if (plan.kind === 'apply') {
        // Continued on another endpoint: the stored settings are the old endpoint's, unset them too.
        const settings = plan.replace && conversationId !== null ? startOverSettings(next.settings) : next.settings;
        applySetup(conversationKey, { ...next, settings }, { replace: plan.replace, isUserChoice: true });
        focusComposer();
        return;
      }
      const chatSession = crypto.randomUUID();
      applySetup(newChatKey(chatSession), next, { replace: true, isUserChoice: true });
      void navigate('/c/new', { state: { chatSession } });
    },
    [conversationId, conversationKey, selection, isModular, endpoints, navigate],
  );

  const chooseModel = useCallback(
    (endpoint: string, model: string) => choose(modelSetup(endpoint, model, SPEC_IDENTITY_RESET), false),
    [choose],
  );
  const chooseSetup = useCallback((setup: ConversationSetup) => choose(setup, true), [choose]);

  return { selection, isPending, settings, chooseModel, chooseSetup };
}
