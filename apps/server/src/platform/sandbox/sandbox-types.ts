/**
 * The local code sandbox's contract (issue 37): what the execute_code tool and the Run button
 * call. One run is one program in one language, in the working folder of one session.
 */

export type SandboxLanguage = 'py' | 'js' | 'ts';
export const SANDBOX_LANGUAGES: readonly SandboxLanguage[] = ['py', 'js', 'ts'];

/** The limit that ended a run. */
export type SandboxLimitName = 'wall-time' | 'memory' | 'processes' | 'output' | 'file-size';

export interface SandboxLimits {
  /** Wall time of one run; the whole run (every process in it) is killed past it. */
  wallTimeMs: number;
  /** Memory of one run, every process together (cgroup), or each process's data (rlimit fallback). */
  memoryBytes: number;
  /** Processes and threads of one run's code at once. */
  processes: number;
  /** stdout and stderr kept together; more is read and dropped, and past 16 times this the run is killed. */
  outputBytes: number;
  /** One file, and the session's working folder as a whole. */
  fileSizeBytes: number;
  /** Cores one run may use (cgroup CPU quota). */
  cpus: number;
}

/** SPEC-free defaults an administrator changes with the SANDBOX_* variables (env.ts). */
export const DEFAULT_SANDBOX_LIMITS: SandboxLimits = {
  wallTimeMs: 60_000,
  memoryBytes: 512 * 1024 * 1024,
  processes: 64,
  outputBytes: 1024 * 1024,
  fileSizeBytes: 50 * 1024 * 1024,
  cpus: 1,
};

export interface SandboxInputFile {
  /** A plain file name (no folders); it lands in the working folder, replacing one of that name. */
  name: string;
  data: Uint8Array | string | AsyncIterable<Uint8Array>;
}

export interface RunCodeRequest {
  lang: SandboxLanguage;
  code: string;
  /**
   * The working folder's session: runs with the same id share files, one at a time. The caller
   * makes it unguessable and per user (sandboxSessionId(userId, conversationId)).
   */
  sessionId: string;
  /** Files copied into the working folder before the run. */
  files?: SandboxInputFile[];
  /** Arguments after the program (sys.argv[1:], process.argv.slice(2)). */
  args?: string[];
  /** Tighter (or, for an administrator's own calls, other) limits for this run. */
  limits?: Partial<SandboxLimits>;
  signal?: AbortSignal;
}

export interface ProducedFile {
  /** The file's name. */
  name: string;
  /** Its path inside the working folder (`/mnt/data/<path>` to the code), '/'-separated. */
  path: string;
  size: number;
  mime: string;
}

export interface RunCodeResult {
  stdout: string;
  stderr: string;
  /** The program's exit code; null when a signal ended it. */
  exitCode: number | null;
  signal?: string;
  killedBy?: SandboxLimitName;
  /** Stopped through the request's AbortSignal. */
  aborted?: boolean;
  /** Output beyond `outputBytes` was dropped. */
  outputTruncated: boolean;
  durationMs: number;
  /** Peak memory of the whole run, when cgroups measure it. */
  peakMemoryBytes?: number;
  /** Files this run created or changed (regular files only; symbolic links are never followed). */
  files: ProducedFile[];
}

/** How runs are contained, as detected at start. */
export interface SandboxStatus {
  available: boolean;
  /** Why the sandbox is off, in words an administrator can act on. */
  reason?: string;
  languages: SandboxLanguage[];
  /** 'cgroup' enforces memory and processes per run; 'rlimit' is the weaker fallback. */
  limits?: 'cgroup-v1' | 'cgroup-v2' | 'rlimit';
  /** What is weaker or missing (no cgroups, no numpy...), for the log and the admin. */
  notes: string[];
  /** Where the session folders are. */
  sessionsDir?: string;
}

export class SandboxUnavailableError extends Error {
  constructor(reason: string) {
    super(`The code sandbox is unavailable: ${reason}`);
    this.name = 'SandboxUnavailableError';
  }
}
