/** SPEC 9: with auto-transcribe on, recording stops after this long below the sensitivity. */
export const SILENCE_STOP_MS = 3000;
/** SPEC 9: the recorder hands over audio every 100 ms (and the level is checked as often). */
export const RECORDER_CHUNK_MS = 100;
/** Shorter recordings are refused before they reach the server (SPEC 8 "the audio was too short"). */
export const MIN_RECORDING_MS = 400;

/** The loudness of one buffer of samples in dBFS; digital silence is -Infinity. */
export function decibelsOf(samples: ArrayLike<number>): number {
  if (samples.length === 0) return -Infinity;
  let sum = 0;
  for (let i = 0; i < samples.length; i++) {
    const sample = samples[i] ?? 0;
    sum += sample * sample;
  }
  const rms = Math.sqrt(sum / samples.length);
  return rms === 0 ? -Infinity : 20 * Math.log10(rms);
}

export interface SilenceDetector {
  /** One level at time `now` (ms); true once it has been quiet for the whole stop delay. */
  push(decibels: number, now: number): boolean;
  /** Whether any level rose above the sensitivity: a recording without it holds no speech. */
  readonly heardSound: boolean;
}

/**
 * Counts quiet time against the user's sensitivity (SPEC 5, -100 to -30 dB). The clock starts
 * with the first level, so a recording nobody speaks into also stops after the delay.
 */
export function createSilenceDetector(threshold: number, stopAfterMs = SILENCE_STOP_MS): SilenceDetector {
  let quietSince: number | null = null;
  let heardSound = false;
  return {
    push(decibels, now) {
      if (decibels > threshold) {
        heardSound = true;
        quietSince = null;
        return false;
      }
      quietSince ??= now;
      return now - quietSince >= stopAfterMs;
    },
    get heardSound() {
      return heardSound;
    },
  };
}
