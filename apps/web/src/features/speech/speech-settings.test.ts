import { beforeEach, describe, expect, it } from 'vitest';
import { installMemoryStorage } from '../../lib/memory-storage.test-helper';
import {
  DEFAULT_SPEECH_SETTINGS,
  applyServerSpeechConfig,
  externalEngines,
  resolveSpeechSettings,
  setConversationMode,
  setSpeechSetting,
  useSpeechSettings,
} from './speech-settings';

beforeEach(() => {
  installMemoryStorage();
  applyServerSpeechConfig(null);
});

describe('speech settings', () => {
  it('default to SPEC 3: both directions on with the browser engine, -45 dB, no auto-send, cache on', () => {
    expect(DEFAULT_SPEECH_SETTINGS).toEqual({
      advancedMode: false,
      conversationMode: false,
      speechToText: true,
      engineSTT: 'browser',
      languageSTT: '',
      autoTranscribeAudio: false,
      decibelValue: -45,
      autoSendText: -1,
      textToSpeech: true,
      engineTTS: 'browser',
      voice: '',
      cloudBrowserVoices: false,
      languageTTS: '',
      automaticPlayback: false,
      playbackRate: 1,
      cacheTTS: true,
    });
  });

  it("clamps numbers to SPEC 5's ranges and reads malformed values as the default", () => {
    const settings = resolveSpeechSettings({ playbackRate: 9, autoSendText: 99, decibelValue: -200, voice: 3 }, null);
    expect(settings).toMatchObject({ playbackRate: 2, autoSendText: 60, decibelValue: -100, voice: '' });
    expect(resolveSpeechSettings({ playbackRate: 0, autoSendText: -5, decibelValue: 0 }, null)).toMatchObject({
      playbackRate: 0.1,
      autoSendText: -1,
      decibelValue: -30,
    });
  });

  it('offers external engines only when the server names one (SPEC 6)', () => {
    expect(externalEngines({ message: 'not_found' })).toEqual({ tts: null, stt: null });
    expect(externalEngines({ engineTTS: 'local', engineSTT: 'local' })).toEqual({ tts: 'local', stt: 'local' });
    expect(externalEngines({ ttsExternal: true, sttExternal: false })).toEqual({ tts: 'external', stt: null });
    // A stored 'external' falls back to the browser where the server has no engine.
    expect(resolveSpeechSettings({ engineTTS: 'external' }, { message: 'not_found' }).engineTTS).toBe('browser');
  });

  it("takes the server's speechTab values where the user set nothing, and keeps the user's own", () => {
    applyServerSpeechConfig({ engineTTS: 'local', voice: 'slt', playbackRate: 1.5, automaticPlayback: true });
    expect(useSpeechSettings.getState()).toMatchObject({ engineTTS: 'external', voice: 'slt', playbackRate: 1.5 });
    setSpeechSetting('voice', 'kal');
    setSpeechSetting('engineTTS', 'browser');
    expect(useSpeechSettings.getState()).toMatchObject({ engineTTS: 'browser', voice: 'kal', automaticPlayback: true });
  });

  it('conversation mode sets auto-send 3 s, -45 dB and auto-transcribe, with both directions on', () => {
    setSpeechSetting('decibelValue', -60);
    setSpeechSetting('textToSpeech', false);
    setConversationMode(true);
    expect(useSpeechSettings.getState()).toMatchObject({
      conversationMode: true,
      autoSendText: 3,
      decibelValue: -45,
      autoTranscribeAudio: true,
      speechToText: true,
      textToSpeech: true,
    });
  });
});
