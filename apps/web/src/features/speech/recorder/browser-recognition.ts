import { microphoneError, VOICE_ERRORS, VoiceError } from './voice-errors';

/** The parts of the Web Speech API used here (TypeScript's DOM library does not declare it). */
interface RecognitionResultList {
  length: number;
  [index: number]: { isFinal: boolean; 0: { transcript: string } };
}
interface Recognition {
  lang: string;
  continuous: boolean;
  interimResults: boolean;
  onresult: ((event: { results: RecognitionResultList }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  stop(): void;
  abort(): void;
}
type RecognitionClass = new () => Recognition;

function recognitionClass(): RecognitionClass | undefined {
  if (typeof window === 'undefined') return undefined;
  const w = window as unknown as { SpeechRecognition?: RecognitionClass; webkitSpeechRecognition?: RecognitionClass };
  return w.SpeechRecognition ?? w.webkitSpeechRecognition;
}

export interface BrowserRecognitionOptions {
  language: string;
  /** On: the browser ends on its own once the speaker pauses. Off: it listens until stopped. */
  stopOnPause: boolean;
  /** The whole transcript so far, each time it changes. */
  onText(text: string): void;
  /** A failure the user must hear about (a VoiceError with SPEC 8's message, or the engine's code). */
  onError(error: Error): void;
  onEnd(): void;
}

export interface BrowserRecognition {
  stop(): void;
  abort(): void;
}

/** The browser's own speech to text (Web Speech recognition). */
export function startBrowserRecognition(options: BrowserRecognitionOptions): BrowserRecognition {
  const Recognition = recognitionClass();
  if (!Recognition) throw new VoiceError(VOICE_ERRORS.noRecognition);
  const recognition = new Recognition();
  recognition.lang = options.language || navigator.language;
  recognition.continuous = !options.stopOnPause;
  recognition.interimResults = true;
  recognition.onresult = (event) => {
    let text = '';
    for (let i = 0; i < event.results.length; i++) text += event.results[i]?.[0].transcript ?? '';
    options.onText(text.trim());
  };
  recognition.onerror = (event) => {
    // 'aborted' is our own cancel; 'no-speech' ends like a pause with nothing said.
    if (event.error === 'aborted' || event.error === 'no-speech') return;
    if (event.error === 'not-allowed' || event.error === 'service-not-allowed') {
      return options.onError(microphoneError(new DOMException('', 'NotAllowedError')));
    }
    if (event.error === 'audio-capture') return options.onError(new VoiceError(VOICE_ERRORS.noMicrophone));
    options.onError(new Error(event.error));
  };
  recognition.onend = () => options.onEnd();
  try {
    recognition.start();
  } catch {
    // start() throws InvalidStateError when this page already has a recognition running.
    throw new VoiceError(VOICE_ERRORS.alreadyListening);
  }
  return { stop: () => recognition.stop(), abort: () => recognition.abort() };
}
