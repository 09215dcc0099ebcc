import { spawn } from 'node:child_process';

/** How much of a tool's stderr an error keeps: the end, where the reason is. */
const STDERR_TAIL_CHARS = 1000;

/** A refusal or failure of the local engine, with a stable code the routes map to a status. */
export class LocalSpeechError extends Error {
  constructor(
    readonly code:
      | 'text_empty'
      | 'text_too_long'
      | 'audio_empty'
      | 'audio_too_large'
      | 'unsupported_audio_type'
      | 'engine_timeout'
      | 'engine_failed'
      | 'output_too_large',
    message: string,
  ) {
    super(message);
    this.name = 'LocalSpeechError';
  }
}

export interface ProcessRun {
  /** An abort kills the process (SIGKILL); the promise rejects with the signal's reason. */
  signal?: AbortSignal | undefined;
  timeoutMs: number;
  /** More stdout than this kills the process: a tool must not fill the server's memory. */
  maxOutputBytes: number;
  cwd?: string | undefined;
}

/**
 * Runs `binary` with `args` (spawned, never through a shell, so nothing in the arguments is
 * interpreted) and resolves with its stdout when it exits 0. Settles only once the process has
 * exited, so the caller may remove the files it was reading.
 */
export function runProcess(binary: string, args: readonly string[], run: ProcessRun): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    if (run.signal?.aborted) return reject(abortReason(run.signal));
    const child = spawn(binary, args, { cwd: run.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    const chunks: Buffer[] = [];
    let outputBytes = 0;
    let stderr = '';
    let stoppedBy: Error | undefined;
    const stop = (reason: Error) => {
      stoppedBy ??= reason;
      child.kill('SIGKILL');
    };
    child.stdout.on('data', (chunk: Buffer) => {
      outputBytes += chunk.byteLength;
      if (outputBytes > run.maxOutputBytes) {
        stop(new LocalSpeechError('output_too_large', `${name(binary)} wrote more than ${run.maxOutputBytes} bytes`));
      } else chunks.push(chunk);
    });
    child.stderr.setEncoding('utf8');
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS);
    });
    const onAbort = () => stop(abortReason(run.signal));
    run.signal?.addEventListener('abort', onAbort, { once: true });
    const timer = setTimeout(
      () => stop(new LocalSpeechError('engine_timeout', `${name(binary)} took longer than ${run.timeoutMs} ms`)),
      run.timeoutMs,
    );
    const finish = (err?: Error) => {
      clearTimeout(timer);
      run.signal?.removeEventListener('abort', onAbort);
      if (err) reject(err);
      else resolve(Buffer.concat(chunks));
    };
    child.on('error', (err) =>
      finish(stoppedBy ?? new LocalSpeechError('engine_failed', `${name(binary)} could not start (${err.message})`)),
    );
    child.on('close', (code, signal) => {
      if (stoppedBy) return finish(stoppedBy);
      if (code === 0) return finish();
      const reason = `${name(binary)} failed (${signal ?? `exit code ${code}`})`;
      finish(new LocalSpeechError('engine_failed', stderr.trim() ? `${reason}: ${stderr.trim()}` : reason));
    });
  });
}

export function abortReason(signal: AbortSignal | undefined): Error {
  return signal?.reason instanceof Error ? signal.reason : new DOMException('Speech was stopped', 'AbortError');
}

function name(binary: string): string {
  return binary.split('/').pop() ?? binary;
}
