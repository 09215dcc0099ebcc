/**
 * The seam between the speech routes and the engines that do the work (issue 24). Every engine
 * (OpenAI, Azure OpenAI, ElevenLabs, LocalAI, and the fully local one) implements one of these.
 */
export interface TtsOptions {
  voice?: string | undefined;
  /** 0.25 to 4, 1 = normal. */
  speed?: number | undefined;
  signal?: AbortSignal | undefined;
}

export interface TtsEngine {
  /** `local`, `openai`, `azureOpenAI`, `elevenlabs`, `localai` (LibreChat's names). */
  readonly name: string;
  voices(): Promise<string[]>;
  /** MP3 audio (audio/mpeg) for one piece of text, as chunks while it is made. */
  synthesize(text: string, options: TtsOptions): AsyncIterable<Uint8Array>;
}

export interface SttOptions {
  /** The uploaded audio's type (audio/webm, audio/mp4, audio/ogg, audio/wav...). */
  mimeType: string;
  /** A BCP 47 or ISO 639-1 hint, when the user set one. */
  language?: string | undefined;
  signal?: AbortSignal | undefined;
}

export interface SttEngine {
  readonly name: string;
  transcribe(audio: Uint8Array, options: SttOptions): Promise<string>;
}
