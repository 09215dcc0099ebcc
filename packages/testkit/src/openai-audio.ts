/**
 * OpenAI's audio endpoints for the simulator: `POST /v1/audio/speech` answers one silent MP3
 * frame, `POST /v1/audio/transcriptions` answers `{text}`. What each received is recorded so
 * tests can assert on the model, voice, format and file.
 */
export interface SpeechRequestRecord {
  model?: string;
  input?: string;
  voice?: string;
  response_format?: string;
  speed?: number;
  [key: string]: unknown;
}

export interface TranscriptionRecord {
  model?: string;
  language?: string;
  filename?: string;
  contentType?: string;
  /** Bytes of the file part (exact for ASCII-safe test audio: the simulator reads bodies as text). */
  size: number;
}

export interface OpenAIAudioState {
  speech: SpeechRequestRecord[];
  transcriptions: TranscriptionRecord[];
  /** Milliseconds each speech request waits before answering (to test streaming). */
  speechDelayMs: number;
  /** The text every transcription answers. */
  transcript: string;
}

export const createAudioState = (): OpenAIAudioState => ({
  speech: [],
  transcriptions: [],
  speechDelayMs: 0,
  transcript: 'hello from the simulator',
});

/** One MPEG-1 Layer III frame (128 kbps, 44.1 kHz): a valid, silent MP3 of about 26 ms. */
export function silentMp3Frame(): Buffer {
  const frame = Buffer.alloc(417);
  frame.set([0xff, 0xfb, 0x90, 0x64]);
  return frame;
}

/** The fields and the file of a multipart body read as text. */
export function parseMultipartText(raw: string, contentType: string | undefined): TranscriptionRecord {
  const boundary = /boundary=("?)([^";]+)\1/.exec(contentType ?? '')?.[2];
  const record: TranscriptionRecord = { size: 0 };
  if (!boundary) return record;
  for (const part of raw.split(`--${boundary}`)) {
    const split = part.indexOf('\r\n\r\n');
    if (split < 0) continue;
    const head = part.slice(0, split);
    const value = part.slice(split + 4).replace(/\r\n$/, '');
    const name = /name="([^"]*)"/.exec(head)?.[1];
    const filename = /filename="([^"]*)"/.exec(head)?.[1];
    if (filename !== undefined) {
      record.filename = filename;
      record.contentType = /content-type:\s*([^\r\n]+)/i.exec(head)?.[1];
      record.size = Buffer.byteLength(value, 'latin1');
    } else if (name === 'model' || name === 'language') record[name] = value;
  }
  return record;
}
