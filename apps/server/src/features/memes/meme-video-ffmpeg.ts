import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
let binary: string | undefined;

/**
 * The ffmpeg binary the project ships (a static build with libx264, from its npm package), found
 * on first use: the package throws when it has no build for this platform, which must fail a
 * video, not the server's start.
 */
export function ffmpegPath(): string {
  binary ??= (require('@ffmpeg-installer/ffmpeg') as { path: string }).path;
  return binary;
}

/** How much of ffmpeg's stderr a failure keeps: the end, where the reason is. */
const STDERR_TAIL_CHARS = 2000;

export class FfmpegError extends Error {
  constructor(
    message: string,
    /** The end of ffmpeg's stderr, for the log. */
    readonly stderrTail: string,
  ) {
    super(stderrTail ? `${message}: ${stderrTail}` : message);
    this.name = 'FfmpegError';
  }
}

export interface FfmpegRun {
  /** Stops the run: the process is killed and the promise rejects with the signal's reason. */
  signal: AbortSignal;
  timeoutMs: number;
  cwd: string;
  /** Called with the seconds of output written so far (ffmpeg's `-progress`), a few times a second. */
  onProgress?: ((outSeconds: number) => void) | undefined;
}

/**
 * Runs ffmpeg with `args` (spawned, no shell: nothing in the arguments is interpreted). Resolves
 * when it exits 0. An abort or the timeout kills it; the promise settles only once the process
 * has exited, so the caller may remove its files without ffmpeg still writing into them.
 */
export function runFfmpeg(args: readonly string[], run: FfmpegRun): Promise<void> {
  return new Promise((resolve, reject) => {
    if (run.signal.aborted) return reject(abortReason(run.signal));
    let path: string;
    try {
      path = ffmpegPath();
    } catch (err) {
      return reject(new FfmpegError(`ffmpeg is not available on this server (${String(err)})`, ''));
    }
    const progressArgs = run.onProgress ? ['-progress', 'pipe:1'] : [];
    const child = spawn(path, ['-hide_banner', '-nostdin', ...progressArgs, ...args], {
      cwd: run.cwd,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    // Read even when nobody listens: a full pipe would stall ffmpeg.
    readProgress(child.stdout, run.onProgress ?? (() => undefined));
    let stderr = '';
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });

    let stoppedBy: Error | undefined;
    const stop = (reason: Error) => {
      stoppedBy ??= reason;
      child.kill('SIGKILL');
    };
    const onAbort = () => stop(abortReason(run.signal));
    run.signal.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(
      () =>
        stop(new FfmpegError(`ffmpeg took longer than ${Number((run.timeoutMs / 1000).toFixed(1))} s`, stderr.trim())),
      run.timeoutMs,
    );

    const finish = (err?: Error) => {
      clearTimeout(timer);
      run.signal.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve();
    };
    child.on('error', (err) => finish(stoppedBy ?? new FfmpegError(`ffmpeg could not start (${err.message})`, '')));
    child.on('close', (code, signal) => {
      if (stoppedBy) return finish(stoppedBy);
      if (code === 0) return finish();
      finish(new FfmpegError(`ffmpeg failed (${signal ?? `exit code ${code}`})`, stderr.trim()));
    });
  });
}

/**
 * Reads ffmpeg's `-progress` key=value lines: `out_time_ms` is, despite its name, in
 * microseconds (`out_time_us` in newer builds says so). A listener that throws is ignored: a
 * progress report must never fail the render.
 */
function readProgress(stdout: NodeJS.ReadableStream, onProgress: (outSeconds: number) => void): void {
  let pending = '';
  stdout.setEncoding('utf8');
  stdout.on('data', (chunk: string) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const match = /^out_time_(?:ms|us)=(\d+)/.exec(line.trim());
      if (!match) continue;
      try {
        onProgress(Number(match[1]) / 1_000_000);
      } catch {
        // the listener's problem, not the render's
      }
    }
  });
}

function abortReason(signal: AbortSignal): Error {
  return signal.reason instanceof Error ? signal.reason : new DOMException('The render was stopped', 'AbortError');
}
