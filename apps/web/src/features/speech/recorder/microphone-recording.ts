import { createSilenceDetector, decibelsOf, RECORDER_CHUNK_MS } from './silence';
import { microphoneError, VOICE_ERRORS, VoiceError } from './voice-errors';

export interface RecordedAudio {
  blob: Blob;
  durationMs: number;
  /** False when nothing rose above the sensitivity: there is no speech to transcribe. */
  heardSound: boolean;
}

export interface MicrophoneRecording {
  /** Ends the recording and hands over the audio. */
  stop(): Promise<RecordedAudio>;
  /** Ends it and throws the audio away. */
  cancel(): void;
}

export interface RecordingOptions {
  /** SPEC 5 sensitivity in dB: quieter is silence. */
  decibelValue: number;
  /** Called once after 3 s of silence (only when given: auto-transcribe on). */
  onSilence?: () => void;
}

// Opus in WebM (Chromium, Firefox), then the containers Safari records; the server names the
// container to ffmpeg from this type.
const MIME_TYPES = ['audio/webm;codecs=opus', 'audio/webm', 'audio/ogg;codecs=opus', 'audio/mp4'];

function supportedMimeType(): string | undefined {
  return MIME_TYPES.find((type) => MediaRecorder.isTypeSupported(type));
}

/**
 * Records the microphone in 100 ms chunks (SPEC 9) while watching its level, for the server's
 * speech to text. Throws a VoiceError with SPEC 8's message when the browser cannot record.
 */
export async function startMicrophoneRecording(options: RecordingOptions): Promise<MicrophoneRecording> {
  if (typeof navigator === 'undefined' || !navigator.mediaDevices?.getUserMedia) {
    throw new VoiceError(VOICE_ERRORS.noMicrophone);
  }
  if (typeof MediaRecorder === 'undefined') throw new VoiceError(VOICE_ERRORS.noMediaRecorder);
  let stream: MediaStream;
  try {
    stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true } });
  } catch (error) {
    throw microphoneError(error);
  }
  const mimeType = supportedMimeType();
  const recorder = new MediaRecorder(stream, mimeType ? { mimeType } : undefined);
  const chunks: Blob[] = [];
  recorder.ondataavailable = (event) => {
    if (event.data.size > 0) chunks.push(event.data);
  };
  const startedAt = performance.now();
  const detector = createSilenceDetector(options.decibelValue);
  const level = watchLevel(stream, (decibels) => {
    if (detector.push(decibels, performance.now()) && options.onSilence) {
      const onSilence = options.onSilence;
      options.onSilence = undefined;
      onSilence();
    }
  });
  recorder.start(RECORDER_CHUNK_MS);

  const release = () => {
    level.close();
    for (const track of stream.getTracks()) track.stop();
  };
  return {
    stop() {
      return new Promise<RecordedAudio>((resolve) => {
        const finish = () => {
          release();
          resolve({
            blob: new Blob(chunks, { type: recorder.mimeType || mimeType || 'audio/webm' }),
            durationMs: performance.now() - startedAt,
            heardSound: detector.heardSound,
          });
        };
        if (recorder.state === 'inactive') return finish();
        recorder.addEventListener('stop', finish, { once: true });
        recorder.stop();
      });
    },
    cancel() {
      recorder.ondataavailable = null;
      if (recorder.state !== 'inactive') recorder.stop();
      release();
    },
  };
}

/** Measures the stream's loudness every chunk with an AnalyserNode. */
function watchLevel(stream: MediaStream, onLevel: (decibels: number) => void): { close(): void } {
  const AudioContextClass =
    window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!AudioContextClass) return { close() {} };
  const context = new AudioContextClass();
  const analyser = context.createAnalyser();
  analyser.fftSize = 2048;
  context.createMediaStreamSource(stream).connect(analyser);
  const samples = new Float32Array(analyser.fftSize);
  // An interval, not animation frames: frames stop in a background tab, and a user who switched
  // tabs while talking still expects the recording to end on silence.
  const timer = setInterval(() => {
    analyser.getFloatTimeDomainData(samples);
    onLevel(decibelsOf(samples));
  }, RECORDER_CHUNK_MS);
  return {
    close() {
      clearInterval(timer);
      void context.close().catch(() => undefined);
    },
  };
}
