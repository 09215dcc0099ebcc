import type { SttEngine, TtsEngine } from '../speech-engines.js';

/**
 * PLACEHOLDER (issue 24, local-engine helper): the fully local engine, named `local`, used when
 * config.yaml configures no other: text to speech and speech to text with no internet and no key.
 */
export function createLocalTts(): TtsEngine | undefined {
  return undefined;
}

export function createLocalStt(): SttEngine | undefined {
  return undefined;
}
