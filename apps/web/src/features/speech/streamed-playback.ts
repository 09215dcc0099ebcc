/** Whether this browser can play MP3 while it downloads (Media Source Extensions). */
export function canStreamMpeg(): boolean {
  return typeof MediaSource !== 'undefined' && MediaSource.isTypeSupported('audio/mpeg');
}

export interface MpegStream {
  /** The object URL the audio element plays (revoke it when done). */
  url: string;
  /** Adds bytes to what can be played; resolves once the browser has taken them. */
  append(chunk: Uint8Array): Promise<void>;
  /** No more bytes: the element ends when it has played what it has. */
  end(): Promise<void>;
}

/**
 * Gives an audio element a source that grows as the server's streamed TTS arrives, so a long
 * reply starts playing after its first sentence instead of after its last (SPEC 4: "audio is
 * streamed"). MP3 carries no timestamps: the browser lays the pieces end to end.
 */
export function openMpegStream(audio: HTMLAudioElement): MpegStream {
  const source = new MediaSource();
  const url = URL.createObjectURL(source);
  const buffer = new Promise<SourceBuffer>((resolve) => {
    source.addEventListener('sourceopen', () => resolve(source.addSourceBuffer('audio/mpeg')), { once: true });
  });
  audio.src = url;
  return {
    url,
    async append(chunk) {
      const target = await buffer;
      await new Promise<void>((resolve, reject) => {
        const done = () => {
          target.removeEventListener('updateend', done);
          target.removeEventListener('error', failed);
          resolve();
        };
        const failed = () => {
          target.removeEventListener('updateend', done);
          target.removeEventListener('error', failed);
          reject(new Error('Failed to fetch audio'));
        };
        target.addEventListener('updateend', done);
        target.addEventListener('error', failed);
        target.appendBuffer(chunk as Uint8Array<ArrayBuffer>);
      });
    },
    async end() {
      const target = await buffer;
      if (source.readyState === 'open' && !target.updating) source.endOfStream();
    },
  };
}
