import { z } from 'zod';
import { create } from 'zustand';
import { readStorage, writeStorage } from '../../lib/storage';
import { removeAllDrafts } from '../chat/drafts/drafts';
import { removeAllFileDrafts } from '../chat/drafts/file-drafts';

export const FONT_SIZES = ['xs', 'sm', 'base', 'lg', 'xl'] as const;
export const CHAT_DIRECTIONS = ['ltr', 'rtl'] as const;

/**
 * How the chat looks and behaves, set in the Chat and Commands tabs and the General tab's chat
 * rows (SPEC 2), and their defaults (SPEC 3's preference defaults; otherwise LibreChat's). A
 * stored value that is missing or malformed reads as the default.
 */
const chatPreferencesSchema = z.object({
  fontSize: z.enum(FONT_SIZES).catch('base'),
  chatDirection: z.enum(CHAT_DIRECTIONS).catch('ltr'),
  enterToSend: z.boolean().catch(true),
  maximizeChatSpace: z.boolean().catch(false),
  centerFormOnLanding: z.boolean().catch(true),
  saveDrafts: z.boolean().catch(true),
  showScrollButton: z.boolean().catch(true),
  /** The user's own messages rendered as markdown (off: shown exactly as typed). */
  enableUserMsgMarkdown: z.boolean().catch(true),
  /** A conversation opens at its newest message (off: at its first). */
  autoScroll: z.boolean().catch(true),
  /** The footer line under the input (the app's name and policy links, or the custom footer). */
  showFooter: z.boolean().catch(true),
  /**
   * The user's own messages are labelled with their name (else username); off: "You". The
   * PascalCase name is LibreChat's localStorage key for the same setting.
   */
  UsernameDisplay: z.boolean().catch(true),
  /** The @ command in the chat input (switch endpoint, model, preset or spec); LibreChat's key. */
  atCommand: z.boolean().catch(true),
  /** The "/" command in the chat input (insert a saved prompt); LibreChat's key. */
  slashCommand: z.boolean().catch(true),
  /** The "+" command in the chat input (add a second model to the question); LibreChat's key. */
  plusCommand: z.boolean().catch(true),
  /** A prompt chosen with "/" is sent at once, its variables filled in; LibreChat's key. */
  autoSendPrompts: z.boolean().catch(false),
  /**
   * Code blocks open expanded (off: collapsed to their header until opened). LibreChat's key (its
   * "always show code" of the code interpreter's analysis); on by default, as code always showed.
   */
  showCode: z.boolean().catch(true),
  /**
   * The code of an execute_code call shows (off: folded to its header, the output still shown).
   * LibreChat's LocalStorageKeys.SHOW_ANALYSIS_CODE, its "analysis code" toggle, on by default.
   */
  showAnalysisCode: z.boolean().catch(true),
  /** `$...$`, `$$...$$`, `\(...\)` and `\[...\]` render as math (off: as typed); LibreChat's key. */
  LaTeXParsing: z.boolean().catch(true),
  /** Thinking blocks open expanded; LibreChat's key. */
  showThinking: z.boolean().catch(false),
  /**
   * Modular chat (SPEC 4): another endpoint or model chosen in an open conversation continues
   * it; off, such a choice starts a new chat. LibreChat's key.
   */
  modularChat: z.boolean().catch(true),
  /**
   * Settings → Beta (SPEC 4), LibreChat's keys: models may write artifacts; with shadcn/ui
   * instructions; or with the user's own prompt instead of ours. Change them with
   * `setArtifactToggle`, which keeps SPEC 4's rules between the three.
   */
  codeArtifacts: z.boolean().catch(false),
  includeShadcnui: z.boolean().catch(false),
  customPromptMode: z.boolean().catch(false),
});
export type ChatPreferences = z.infer<typeof chatPreferencesSchema>;
export type FontSize = ChatPreferences['fontSize'];
export type ChatDirection = ChatPreferences['chatDirection'];
type PreferenceName = keyof ChatPreferences;

export const DEFAULT_CHAT_PREFERENCES: ChatPreferences = chatPreferencesSchema.parse({});

// Each preference is kept in localStorage under its own name (`fontSize`, `enterToSend`, ...).
const PREFERENCE_NAMES = Object.keys(chatPreferencesSchema.shape) as PreferenceName[];

export function readChatPreferences(): ChatPreferences {
  const stored = Object.fromEntries(PREFERENCE_NAMES.map((name) => [name, readStorage<unknown>(name, undefined)]));
  return chatPreferencesSchema.parse(stored);
}

/** The preferences, read once per load; change them with `setChatPreference`. */
export const useChatPreferences = create<ChatPreferences>(() => readChatPreferences());

/**
 * Changes one preference, at once and for later loads. Turning drafts off also removes the
 * drafts already stored.
 *
 * @example setChatPreference('fontSize', 'lg');
 */
export function setChatPreference<K extends PreferenceName>(name: K, value: ChatPreferences[K]): void {
  writeStorage(name, value);
  const next = { ...useChatPreferences.getState() };
  next[name] = value;
  useChatPreferences.setState(next);
  if (name === 'saveDrafts' && value === false) {
    removeAllDrafts();
    removeAllFileDrafts();
  }
}
