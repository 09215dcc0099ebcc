/**
 * The voice errors of SPEC 8, word for word: they are shown as they are (they name what to fix),
 * and tests and support match on them.
 */
export const VOICE_ERRORS = {
  tooShort: 'the audio was too short',
  processing: 'An error occurred while processing the audio, maybe the audio was too short',
  busy: 'A request is already being made. Please wait.',
  permission: 'Microphone permission not granted',
  noMediaRecorder: 'MediaRecorder is not supported in this browser',
  notRecording: 'Not currently recording',
  alreadyListening: 'Already listening',
  noMicrophone: 'Microphone is not available',
  noRecognition: 'Browser does not support SpeechRecognition',
} as const;

export class VoiceError extends Error {
  override name = 'VoiceError';
}

/** What getUserMedia's refusal means for the user. */
export function microphoneError(error: unknown): VoiceError {
  const name = error instanceof DOMException || error instanceof Error ? error.name : '';
  if (name === 'NotAllowedError' || name === 'SecurityError') return new VoiceError(VOICE_ERRORS.permission);
  return new VoiceError(VOICE_ERRORS.noMicrophone);
}
