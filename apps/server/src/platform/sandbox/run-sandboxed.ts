import { spawn, type StdioOptions } from 'node:child_process';
import { closeSync, constants, openSync } from 'node:fs';
import type { Readable, Writable } from 'node:stream';
import { buildBwrapArgs, FAKE_ETC, SANDBOX_UID } from './bwrap-args.js';
import type { CgroupBackend, RunCgroup } from './cgroups.js';
import type { LanguagePlan } from './languages.js';
import type { SandboxLimitName, SandboxLimits } from './sandbox-types.js';

/** The host programs one run goes through, found at start (detect-sandbox.ts). */
export interface SandboxTools {
  bwrap: string;
  prlimit: string;
  /** Set when the server is root: bwrap itself then runs as nobody. */
  setpriv?: string;
}

export interface SandboxedRun {
  tools: SandboxTools;
  cgroups?: CgroupBackend;
  /** The session's working folder on the host. */
  workDir: string;
  plan: LanguagePlan;
  limits: SandboxLimits;
  /** Bytes the working folder may still grow by (the per-file limit of this run). */
  fileBudgetBytes: number;
  /** Processes of this user id outside cgroups, to add the run's limit to (rlimit fallback). */
  rlimitProcessBase?: number;
  signal?: AbortSignal;
  /** Called every half second while the run lasts: true ends it as over its file size limit. */
  isOverFileLimit?: () => Promise<boolean>;
}

export interface SandboxedOutcome {
  stdout: string;
  stderr: string;
  exitCode: number | null;
  signal?: string;
  killedBy?: SandboxLimitName;
  aborted?: boolean;
  outputTruncated: boolean;
  durationMs: number;
  peakMemoryBytes?: number;
}

/** bwrap, and the reaper it leaves as pid 1 of the sandbox: the run's own code gets the rest. */
const BWRAP_PROCESSES = 2;
/** Past this many times the kept output, a run that keeps printing is killed. */
const OUTPUT_HARD_CAP_FACTOR = 16;
const POLL_MS = 200;
const JOIN_FAILED = 'confab-sandbox: cannot join the cgroup';

/**
 * Joins the run's cgroups, then execs the rest: every process of the run, bwrap included, is in
 * them from its first instruction. Paths are arguments, never part of the script.
 */
const JOIN_SCRIPT = `while [ "$1" != "--" ]; do echo $$ > "$1" || { echo "${JOIN_FAILED}" >&2; exit 125; }; shift; done; shift; exec "$@"`;

function sandboxEnv(limits: SandboxLimits): Record<string, string> {
  const threads = String(Math.max(1, Math.floor(limits.cpus)));
  return {
    PATH: '/usr/local/bin:/usr/bin:/bin',
    HOME: '/tmp',
    TMPDIR: '/tmp',
    LANG: 'C.UTF-8',
    TZ: 'UTC',
    MPLBACKEND: 'Agg',
    PYTHONUNBUFFERED: '1',
    PYTHONDONTWRITEBYTECODE: '1',
    // BLAS and OpenMP start a thread per core of the host otherwise, each counted as a process.
    OPENBLAS_NUM_THREADS: threads,
    OMP_NUM_THREADS: threads,
    MKL_NUM_THREADS: threads,
  };
}

function prlimitArgs(run: SandboxedRun): string[] {
  const { limits } = run;
  const args = [
    `--fsize=${Math.max(0, run.fileBudgetBytes)}`,
    '--core=0',
    // CPU seconds: a second chance behind the wall time, for every process alike.
    `--cpu=${Math.ceil((limits.wallTimeMs / 1000) * Math.max(1, limits.cpus)) + 1}`,
  ];
  if (!run.cgroups) {
    // Without cgroups these are all there is: per process, and the process count per user id.
    args.push(`--data=${limits.memoryBytes}`);
    args.push(`--nproc=${(run.rlimitProcessBase ?? 0) + limits.processes + BWRAP_PROCESSES}`);
  }
  return args;
}

export async function runSandboxed(run: SandboxedRun): Promise<SandboxedOutcome> {
  const started = performance.now();
  const { limits } = run;
  const cgroup: RunCgroup | undefined = await run.cgroups?.createRun({
    ...limits,
    processes: limits.processes + BWRAP_PROCESSES,
  });
  let workDirFd: number | undefined;
  try {
    // The folder goes to bwrap as an open descriptor (bwrap still resolves its path, as nobody).
    workDirFd = openSync(run.workDir, constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW);
    return await spawnAndWatch(run, cgroup, workDirFd, started);
  } finally {
    if (workDirFd !== undefined) closeSync(workDirFd);
    if (cgroup) {
      await cgroup.killAll();
      await cgroup.remove();
    }
  }
}

async function spawnAndWatch(
  run: SandboxedRun,
  cgroup: RunCgroup | undefined,
  workDirFd: number,
  started: number,
): Promise<SandboxedOutcome> {
  const { limits, plan, tools } = run;
  const etcNames = Object.keys(FAKE_ETC);
  // stdio: 0 none, 1 stdout, 2 stderr, 3 the working folder, 4 the program, 5.. the /etc files.
  const stdio: StdioOptions = ['ignore', 'pipe', 'pipe', workDirFd, 'pipe', ...etcNames.map(() => 'pipe' as const)];
  const bwrapArgs = buildBwrapArgs({
    fds: { workDir: 3, script: 4, etc: Object.fromEntries(etcNames.map((name, i) => [name, 5 + i])) },
    scriptName: plan.scriptName,
    readOnlyBinds: plan.readOnlyBinds,
    tmpBytes: limits.fileSizeBytes,
    env: sandboxEnv(limits),
    command: plan.command,
  });
  const dropUser = tools.setpriv
    ? [tools.setpriv, `--reuid=${SANDBOX_UID}`, `--regid=${SANDBOX_UID}`, '--clear-groups', '--']
    : [];
  const chain = [tools.prlimit, ...prlimitArgs(run), '--', ...dropUser, tools.bwrap, ...bwrapArgs];
  const child = spawn('/bin/sh', ['-c', JOIN_SCRIPT, 'sh', ...(cgroup?.procsFiles ?? []), '--', ...chain], {
    stdio,
    // Not the server's environment: bwrap's own (readable as /proc/1/environ inside) is this.
    env: { PATH: '/usr/bin:/bin' },
    detached: true,
  });

  let killedBy: SandboxLimitName | undefined;
  let aborted = false;
  const kill = () => {
    try {
      if (child.pid) process.kill(-child.pid, 'SIGKILL');
    } catch {
      // Already gone.
    }
    void cgroup?.killAll();
  };
  const stopFor = (limit: SandboxLimitName) => {
    killedBy ??= limit;
    kill();
  };

  const pipes = child.stdio as unknown as (Readable | Writable | null)[];
  const feed = (index: number, text: string) => {
    const pipe = pipes[index] as Writable;
    pipe.on('error', () => undefined);
    pipe.end(text);
  };
  feed(4, plan.script);
  etcNames.forEach((name, i) => feed(5 + i, FAKE_ETC[name] ?? ''));

  const kept: Record<'stdout' | 'stderr', Buffer[]> = { stdout: [], stderr: [] };
  let keptBytes = 0;
  let seenBytes = 0;
  const collect = (name: 'stdout' | 'stderr') => (chunk: Buffer) => {
    seenBytes += chunk.length;
    const room = limits.outputBytes - keptBytes;
    if (room > 0) {
      const part = chunk.length > room ? chunk.subarray(0, room) : chunk;
      kept[name].push(part);
      keptBytes += part.length;
    }
    if (seenBytes > limits.outputBytes * OUTPUT_HARD_CAP_FACTOR) stopFor('output');
  };
  child.stdout?.on('data', collect('stdout'));
  child.stderr?.on('data', collect('stderr'));

  const wallTimer = setTimeout(() => stopFor('wall-time'), limits.wallTimeMs);
  const onAbort = () => {
    aborted = true;
    kill();
  };
  run.signal?.addEventListener('abort', onAbort, { once: true });
  if (run.signal?.aborted) onAbort();

  let polls = 0;
  let polling = false;
  const poller = setInterval(() => {
    if (polling) return;
    polling = true;
    void (async () => {
      const events = await cgroup?.readEvents();
      // A fork refused at the limit means a fork bomb or a runaway pool: end it now rather than
      // let it spin on the cores until the wall time.
      if (events?.pidsRefused) stopFor('processes');
      else if (events?.oomKills) stopFor('memory');
      else if (++polls % 3 === 0 && (await run.isOverFileLimit?.())) stopFor('file-size');
    })().finally(() => {
      polling = false;
    });
  }, POLL_MS);

  const { code, signal } = await new Promise<{ code: number | null; signal: NodeJS.Signals | null }>(
    (resolve, reject) => {
      child.once('error', reject);
      child.once('close', (code, signal) => resolve({ code, signal }));
    },
  ).finally(() => {
    clearTimeout(wallTimer);
    clearInterval(poller);
    run.signal?.removeEventListener('abort', onAbort);
  });

  const stderrText = Buffer.concat(kept.stderr).toString('utf8');
  if (code === 125 && stderrText.includes(JOIN_FAILED)) throw new Error(`${JOIN_FAILED}: ${stderrText.trim()}`);
  const events = await cgroup?.readEvents();
  if (!killedBy && events?.oomKills) killedBy = 'memory';
  if (!killedBy && events?.pidsRefused) killedBy = 'processes';
  if (!killedBy && (signal === 'SIGXFSZ' || code === 128 + 25)) killedBy = 'file-size';
  return {
    stdout: Buffer.concat(kept.stdout).toString('utf8'),
    stderr: stderrText,
    // bwrap reports a program killed by a signal as 128 + the signal's number.
    exitCode: killedBy || aborted ? null : code,
    ...(signal ? { signal } : {}),
    ...(killedBy ? { killedBy } : {}),
    ...(aborted && !killedBy ? { aborted } : {}),
    outputTruncated: seenBytes > keptBytes,
    durationMs: Math.round(performance.now() - started),
    ...(cgroup ? { peakMemoryBytes: await cgroup.peakMemoryBytes() } : {}),
  };
}
