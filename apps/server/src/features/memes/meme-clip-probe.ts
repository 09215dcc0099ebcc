import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let binary: string | undefined;

/** The ffprobe the project ships beside ffmpeg (its npm package), found on first use as ffmpegPath is. */
export function ffprobePath(): string {
  binary ??= (require('@ffprobe-installer/ffprobe') as { path: string }).path;
  return binary;
}

/** What a clip the user brought holds: its first video stream's size and the clip's length. */
export interface ProbedClip {
  width: number;
  height: number;
  seconds: number;
  codec: string;
}

/** A clip ffprobe cannot read, or one without a video stream or a length. */
export class ClipProbeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ClipProbeError';
  }
}

const PROBE_TIMEOUT_MS = 15_000;

/**
 * Probes a clip file with ffprobe (spawned, no shell; killed by `signal` or after 15 s). The
 * length is the container's, else the stream's: a GIF or a raw stream may lack one of the two.
 */
export function probeClip(file: string, signal: AbortSignal): Promise<ProbedClip> {
  return new Promise((resolve, reject) => {
    let path: string;
    try {
      path = ffprobePath();
    } catch (err) {
      return reject(new ClipProbeError(`ffprobe is not available on this server (${String(err)})`));
    }
    execFile(
      path,
      [
        '-v',
        'error',
        '-select_streams',
        'v:0',
        '-show_entries',
        'stream=codec_name,width,height,duration:format=duration',
        '-of',
        'json',
        file,
      ],
      { signal, timeout: PROBE_TIMEOUT_MS, maxBuffer: 1024 * 1024 },
      (err, stdout) => {
        if (signal.aborted) return reject(signal.reason instanceof Error ? signal.reason : err);
        if (err) return reject(new ClipProbeError('the clip is not a video ffmpeg can read'));
        try {
          resolve(readProbe(stdout));
        } catch (probeErr) {
          reject(probeErr);
        }
      },
    );
  });
}

function readProbe(stdout: string): ProbedClip {
  const probed = JSON.parse(stdout) as {
    streams?: { codec_name?: string; width?: number; height?: number; duration?: string }[];
    format?: { duration?: string };
  };
  const stream = probed.streams?.[0];
  if (!stream?.width || !stream.height) throw new ClipProbeError('the clip has no video in it');
  const seconds = [probed.format?.duration, stream.duration].map(Number).find((n) => Number.isFinite(n) && n > 0);
  if (seconds === undefined) throw new ClipProbeError('the clip has no length ffmpeg can tell');
  return { width: stream.width, height: stream.height, seconds, codec: stream.codec_name ?? '' };
}
