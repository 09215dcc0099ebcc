import { beforeEach, describe, expect, it } from 'vitest';
import { installMemoryStorage } from '../../lib/memory-storage.test-helper';
import { currentArtifactsMode, setArtifactToggle } from './artifact-preferences';
import { DEFAULT_CHAT_PREFERENCES, readChatPreferences, useChatPreferences } from './chat-preferences';

beforeEach(() => {
  installMemoryStorage();
  useChatPreferences.setState(DEFAULT_CHAT_PREFERENCES);
});

describe('artifact preferences', () => {
  it("keep SPEC 4's rules under LibreChat's keys and name the mode a request carries", () => {
    expect(currentArtifactsMode()).toBeUndefined();
    setArtifactToggle('includeShadcnui', true);
    expect(localStorage.getItem('includeShadcnui')).toBeNull();
    setArtifactToggle('codeArtifacts', true);
    setArtifactToggle('includeShadcnui', true);
    expect(localStorage.getItem('codeArtifacts')).toBe('true');
    expect(localStorage.getItem('includeShadcnui')).toBe('true');
    expect(currentArtifactsMode()).toBe('shadcnui');
    setArtifactToggle('customPromptMode', true);
    expect(localStorage.getItem('includeShadcnui')).toBe('false');
    expect(currentArtifactsMode()).toBe('custom');
    setArtifactToggle('codeArtifacts', false);
    expect(readChatPreferences()).toMatchObject({
      codeArtifacts: false,
      includeShadcnui: false,
      customPromptMode: false,
    });
    expect(currentArtifactsMode()).toBeUndefined();
  });
});
