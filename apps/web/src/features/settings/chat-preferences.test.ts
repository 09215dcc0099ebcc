import { beforeEach, describe, expect, it } from 'vitest';
import { installMemoryStorage } from '../../lib/memory-storage.test-helper';
import { draftKey, loadDraft, saveDraft } from '../chat/drafts/drafts';
import {
  DEFAULT_CHAT_PREFERENCES,
  readChatPreferences,
  setChatPreference,
  useChatPreferences,
} from './chat-preferences';

beforeEach(() => {
  installMemoryStorage();
  useChatPreferences.setState(DEFAULT_CHAT_PREFERENCES);
});

describe('chat preferences', () => {
  it('default to how the chat behaved before the Chat tab, user markdown, auto scroll and the footer on', () => {
    expect(readChatPreferences()).toEqual({
      fontSize: 'base',
      chatDirection: 'ltr',
      enterToSend: true,
      maximizeChatSpace: false,
      centerFormOnLanding: true,
      saveDrafts: true,
      showScrollButton: true,
      enableUserMsgMarkdown: true,
      autoScroll: true,
      showFooter: true,
      UsernameDisplay: true,
      atCommand: true,
      slashCommand: true,
      plusCommand: true,
      autoSendPrompts: false,
      showCode: true,
      showAnalysisCode: true,
      LaTeXParsing: true,
      showThinking: false,
      modularChat: true,
      codeArtifacts: false,
      includeShadcnui: false,
      customPromptMode: false,
    });
  });

  it('apply at once and are read back on the next load', () => {
    setChatPreference('fontSize', 'xl');
    setChatPreference('chatDirection', 'rtl');
    setChatPreference('enterToSend', false);
    setChatPreference('showScrollButton', false);
    expect(useChatPreferences.getState()).toMatchObject({ fontSize: 'xl', chatDirection: 'rtl', enterToSend: false });
    expect(localStorage.getItem('fontSize')).toBe('"xl"');
    expect(localStorage.getItem('enterToSend')).toBe('false');
    expect(readChatPreferences()).toEqual({
      ...DEFAULT_CHAT_PREFERENCES,
      fontSize: 'xl',
      chatDirection: 'rtl',
      enterToSend: false,
      showScrollButton: false,
    });
  });

  it('read a malformed stored value as its default, keeping the others', () => {
    localStorage.setItem('fontSize', '"huge"');
    localStorage.setItem('enterToSend', '"yes"');
    localStorage.setItem('saveDrafts', 'not json');
    localStorage.setItem('maximizeChatSpace', 'true');
    expect(readChatPreferences()).toEqual({ ...DEFAULT_CHAT_PREFERENCES, maximizeChatSpace: true });
  });

  it('turning drafts off removes the stored drafts; turning them on keeps none', () => {
    saveDraft('c1', 'first draft');
    saveDraft('new', 'second draft');
    setChatPreference('saveDrafts', false);
    expect(localStorage.getItem(draftKey('c1'))).toBeNull();
    expect(localStorage.getItem(draftKey('new'))).toBeNull();
    setChatPreference('saveDrafts', true);
    expect(loadDraft('c1')).toBe('');
    expect(useChatPreferences.getState().saveDrafts).toBe(true);
  });
});
