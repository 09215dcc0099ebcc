import { startElevenLabsFake, startOpenAISimulator } from '@confab/testkit';
import { describe, expect, it } from 'vitest';
import { createRemoteStt, createRemoteTts, pickVoice } from './remote-engines.js';
import type { TtsEngine } from './speech-engines.js';

async function speak(engine: TtsEngine | undefined, text: string, voice?: string): Promise<number> {
  if (!engine) throw new Error('no engine was made from the config');
  let bytes = 0;
  for await (const chunk of engine.synthesize(text, { voice })) bytes += chunk.length;
  return bytes;
}

describe('remote speech engines', () => {
  it("takes LibreChat's whole-endpoint urls as well as base urls", async () => {
    const sim = await startOpenAISimulator();
    const eleven = await startElevenLabsFake({ apiKey: 'xi' });
    try {
      const openai = { apiKey: 'sk', model: 'tts-1', voices: ['alloy'] };
      expect(await speak(createRemoteTts({ openai: { ...openai, url: `${sim.url}/audio/speech` } }), 'Hi.')).toBe(417);
      const stt = createRemoteStt({
        openai: { url: `${sim.url}/audio/transcriptions/`, apiKey: 'sk', model: 'whisper-1' },
      });
      expect(await stt?.transcribe(Buffer.from('RIFFWAVE'), { mimeType: 'audio/wav' })).toBe(
        'hello from the simulator',
      );
      expect(sim.audio.speech).toHaveLength(1);

      // LibreChat sends an ElevenLabs `url` as it is, the voice in it.
      const elevenlabs = { apiKey: 'xi', model: 'eleven_turbo_v2', voices: ['v1', 'v2'] };
      const whole = createRemoteTts({ elevenlabs: { ...elevenlabs, url: `${eleven.url}/v1/text-to-speech/fixed` } });
      expect(await speak(whole, 'Hi.', 'v2')).toBe(417);
      expect(eleven.requests.map((r) => r.path)).toEqual(['/v1/text-to-speech/fixed']);
    } finally {
      await sim.close();
      await eleven.close();
    }
  });

  it('picks the requested voice when listed or when ALL is listed, else the first listed one', () => {
    expect(pickVoice(['alloy', 'nova'], 'nova')).toBe('nova');
    expect(pickVoice(['alloy', 'nova'], 'echo')).toBe('alloy');
    expect(pickVoice(['alloy', 'nova'], undefined)).toBe('alloy');
    expect(pickVoice(['ALL', 'alloy'], 'echo')).toBe('echo');
    expect(pickVoice(['ALL'], undefined)).toBeUndefined();
    expect(pickVoice([], 'echo')).toBeUndefined();
  });
});
