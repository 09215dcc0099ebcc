import type { ReadStream } from 'node:fs';
import { SANDBOX_UID } from './bwrap-args.js';
import type { CgroupBackend } from './cgroups.js';
import { countTasksOfUser, detectSandbox, type SandboxCapabilities } from './detect-sandbox.js';
import { planLanguage } from './languages.js';
import { runSandboxed, type SandboxTools } from './run-sandboxed.js';
import {
  assertSessionId,
  ensureSession,
  openWorkFile,
  producedFiles,
  removeExpiredSessions,
  removeRunFiles,
  removeSessionFolder,
  snapshotFolder,
  touchSession,
  workFolder,
  writeInputFiles,
} from './sessions.js';
import {
  DEFAULT_SANDBOX_LIMITS,
  SandboxUnavailableError,
  type RunCodeRequest,
  type RunCodeResult,
  type SandboxLimits,
  type SandboxStatus,
} from './sandbox-types.js';

export interface SandboxOptions {
  /** Where session folders live (SANDBOX_DIR, by default DATA_DIR/sandbox). */
  rootDir: string;
  /** rootDir is the default, not the administrator's: another place may be used (detect-sandbox.ts). */
  isDefaultRoot?: boolean;
  limits?: Partial<SandboxLimits>;
  /** A session's folder is removed this long after its last run. */
  sessionTtlMs?: number;
  /** Runs at once; more wait their turn. */
  maxConcurrent?: number;
  /** Skip cgroups and use the rlimit fallback (its tests and the benchmark). */
  forceRlimit?: boolean;
  log?: { info(message: string): void; warn(message: string): void };
}

export interface Sandbox {
  readonly limits: SandboxLimits;
  /** Detected once (the first call starts it); never throws. */
  status(): Promise<SandboxStatus>;
  /** Runs code; throws SandboxUnavailableError when the sandbox or the language is off. */
  runCode(request: RunCodeRequest): Promise<RunCodeResult>;
  /** A file of a session's working folder (a produced file's `path`), never through a link. */
  openFile(sessionId: string, path: string): Promise<ReadStream>;
  removeSession(sessionId: string): Promise<void>;
  /** Stops the sweeper and the runs in flight, and waits for them to end. */
  close(): Promise<void>;
}

const DEFAULT_TTL_MS = 60 * 60 * 1000;
const DEFAULT_MAX_CONCURRENT = 4;

/**
 * The local code sandbox (issue 37). See bwrap-args.ts for what a run can see, cgroups.ts for
 * its limits, and bench/README.md ("Code sandbox") for why these parts.
 *
 * @example
 * const sandbox = createSandbox({ rootDir: join(dataDir, 'sandbox') });
 * const result = await sandbox.runCode({ lang: 'py', code: 'print(6 * 7)', sessionId });
 */
export function createSandbox(options: SandboxOptions): Sandbox {
  const limits: SandboxLimits = { ...DEFAULT_SANDBOX_LIMITS, ...options.limits };
  const ttlMs = options.sessionTtlMs ?? DEFAULT_TTL_MS;
  const maxConcurrent = Math.max(1, options.maxConcurrent ?? DEFAULT_MAX_CONCURRENT);
  const isRoot = process.getuid?.() === 0;
  const owner = isRoot ? SANDBOX_UID : undefined;

  let detected: Promise<SandboxCapabilities> | undefined;
  const capabilities = () => {
    detected ??= detectSandbox(options.rootDir, limits, {
      forceRlimit: options.forceRlimit ?? false,
      isDefaultRoot: options.isDefaultRoot ?? false,
    }).then(
      (found) => {
        const { status } = found;
        if (status.available) {
          options.log?.info(`Code sandbox ready (${status.languages.join(', ')}; limits by ${status.limits})`);
        } else options.log?.warn(`Code sandbox unavailable: ${status.reason}`);
        for (const note of status.notes) options.log?.warn(`Code sandbox: ${note}`);
        return found;
      },
      (error: Error) => ({
        status: { available: false, reason: `detection failed: ${error.message}`, languages: [], notes: [] },
      }),
    );
    return detected;
  };

  // Runs at once, and one run at a time per session (they share a folder).
  let running = 0;
  const waiting: (() => void)[] = [];
  const acquire = async () => {
    if (running >= maxConcurrent) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
  };
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  const sessionTails = new Map<string, Promise<unknown>>();
  const inFlight = new Set<Promise<unknown>>();
  // Closing stops the runs in flight: a shutdown does not wait out their wall time.
  const closing = new AbortController();

  const sweep = async () => {
    const { rootDir } = await capabilities();
    if (rootDir) await removeExpiredSessions(rootDir, ttlMs, new Set(sessionTails.keys()));
  };
  const sweeper = setInterval(() => void sweep().catch(() => undefined), Math.min(ttlMs / 2, 5 * 60 * 1000));
  sweeper.unref();

  async function runInSession(
    request: RunCodeRequest,
    { tools, cgroups, root }: { tools: SandboxTools; cgroups?: CgroupBackend; root: string },
  ): Promise<RunCodeResult> {
    const runLimits: SandboxLimits = { ...limits, ...request.limits };
    const plan = await planLanguage(request.lang, request.code, request.args ?? []);
    const work = await ensureSession(root, request.sessionId, owner);
    await writeInputFiles(work, request.files ?? [], owner, runLimits.fileSizeBytes);
    const before = await snapshotFolder(work);
    if ('compileError' in plan) {
      return { stdout: '', stderr: plan.compileError, exitCode: 1, outputTruncated: false, durationMs: 0, files: [] };
    }
    const signal = request.signal ? AbortSignal.any([request.signal, closing.signal]) : closing.signal;
    // Aborted while it waited its turn: nothing to start.
    if (signal.aborted) {
      return {
        stdout: '',
        stderr: '',
        exitCode: null,
        aborted: true,
        outputTruncated: false,
        durationMs: 0,
        files: [],
      };
    }
    const isOver = (s: { totalBytes: number; isTruncated: boolean }) =>
      s.isTruncated || s.totalBytes > runLimits.fileSizeBytes;
    const outcome = await runSandboxed({
      tools,
      ...(cgroups ? { cgroups } : {}),
      workDir: work,
      plan,
      limits: runLimits,
      fileBudgetBytes: runLimits.fileSizeBytes - before.totalBytes,
      ...(cgroups ? {} : { rlimitProcessBase: await countTasksOfUser(owner ?? process.getuid?.() ?? 0) }),
      signal,
      isOverFileLimit: async () => isOver(await snapshotFolder(work, runLimits.fileSizeBytes)),
    });
    const after = await snapshotFolder(work);
    let files = producedFiles(before, after);
    let killedBy = outcome.killedBy;
    // Over the folder's limit (or at it: a write was refused), the run keeps none of its files,
    // so the session stays within its budget for the next run.
    if (isOver(after) || after.totalBytes >= runLimits.fileSizeBytes) {
      await removeRunFiles(work, before, after);
      files = [];
      killedBy ??= 'file-size';
    }
    return { ...outcome, ...(killedBy ? { killedBy, exitCode: null } : {}), files };
  }

  return {
    limits,
    status: async () => (await capabilities()).status,
    async runCode(request) {
      assertSessionId(request.sessionId);
      if (closing.signal.aborted) throw new SandboxUnavailableError('the server is shutting down');
      const found = await capabilities();
      const { tools, rootDir: root } = found;
      if (!found.status.available || !tools || !root) {
        throw new SandboxUnavailableError(found.status.reason ?? 'unknown');
      }
      if (!found.status.languages.includes(request.lang)) {
        throw new SandboxUnavailableError(`${request.lang} does not run on this server`);
      }
      const previous = sessionTails.get(request.sessionId) ?? Promise.resolve();
      const run = previous
        .catch(() => undefined)
        .then(async () => {
          await acquire();
          try {
            return await runInSession(request, { tools, root, ...(found.cgroups ? { cgroups: found.cgroups } : {}) });
          } finally {
            release();
            await touchSession(root, request.sessionId);
          }
        });
      sessionTails.set(request.sessionId, run);
      inFlight.add(run);
      try {
        return await run;
      } finally {
        inFlight.delete(run);
        if (sessionTails.get(request.sessionId) === run) sessionTails.delete(request.sessionId);
      }
    },
    openFile: async (sessionId, path) => {
      assertSessionId(sessionId);
      const { rootDir } = await capabilities();
      if (!rootDir) throw new Error('No such file');
      return openWorkFile(workFolder(rootDir, sessionId), path);
    },
    removeSession: async (sessionId) => {
      const { rootDir } = await capabilities();
      if (rootDir) await removeSessionFolder(rootDir, sessionId);
    },
    async close() {
      clearInterval(sweeper);
      closing.abort();
      await Promise.allSettled([...inFlight]);
    },
  };
}
