import { createHash } from 'node:crypto';
import { accessSync, constants } from 'node:fs';
import { chmod, chown, lstat, mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { SANDBOX_UID } from './bwrap-args.js';
import { detectCgroups, type CgroupBackend } from './cgroups.js';
import { planLanguage, PYTHON } from './languages.js';
import { runSandboxed, type SandboxTools } from './run-sandboxed.js';
import type { SandboxLanguage, SandboxLimits, SandboxStatus } from './sandbox-types.js';

/**
 * What this machine can do, found once at start: the programs a run goes through, cgroups, and
 * a real run of each language in the sandbox. Without bubblewrap working (no user namespaces, no
 * bwrap, root without setpriv) the sandbox is off and says why: code never runs unsandboxed.
 */
export interface SandboxCapabilities {
  status: SandboxStatus;
  tools?: SandboxTools;
  cgroups?: CgroupBackend;
  /** Where session folders really live (see sandboxRoot). */
  rootDir?: string;
}

const SEARCH = ['/usr/bin', '/usr/local/bin', '/bin'];

function findTool(name: string): string | undefined {
  for (const folder of SEARCH) {
    try {
      accessSync(join(folder, name), constants.X_OK);
      return join(folder, name);
    } catch {
      // Not here.
    }
  }
  return undefined;
}

/** Tasks (processes and threads) of one user id now, the base of the rlimit fallback's count. */
export async function countTasksOfUser(uid: number): Promise<number> {
  const pids = (await readdir('/proc').catch(() => [] as string[])).filter((name) => /^\d+$/.test(name));
  // A /proc/<pid> folder belongs to its process's user: stat is enough to pick them.
  const counts = await Promise.all(
    pids.map(async (pid) => {
      const info = await stat(`/proc/${pid}`).catch(() => undefined);
      if (info?.uid !== uid) return 0;
      return (await readdir(`/proc/${pid}/task`).catch(() => ['one'])).length;
    }),
  );
  return counts.reduce((sum, n) => sum + n, 0);
}

/** Every folder from / down to `folder` can be passed through by any user (mode o+x). */
async function isReachableByOthers(folder: string): Promise<boolean> {
  for (let current = folder; ; current = dirname(current)) {
    const info = await stat(current).catch(() => undefined);
    if (!info || !(info.mode & 0o001)) return false;
    if (current === dirname(current)) return true;
  }
}

/**
 * The folder of session folders. bwrap runs as nobody when the server is root, and resolves the
 * working folder's path as nobody: every folder above it must let others pass (o+x, never read).
 * When the default (DATA_DIR/sandbox) sits under a closed folder (a project in /root, say), the
 * sessions move to a folder of their own in /var/tmp; a SANDBOX_DIR set by hand must work as set.
 */
async function sandboxRoot(
  rootDir: string,
  isRoot: boolean,
  isDefaultRoot: boolean,
): Promise<string | { reason: string }> {
  const wanted = resolve(rootDir);
  await mkdir(wanted, { recursive: true, mode: 0o711 });
  if (!isRoot) return wanted;
  await chmod(wanted, 0o711);
  if (await isReachableByOthers(wanted)) return wanted;
  if (!isDefaultRoot) {
    return {
      reason: `SANDBOX_DIR ${wanted} is not reachable by uid ${SANDBOX_UID} (bubblewrap runs as that user): every folder above it needs the x permission for others`,
    };
  }
  const fallback = `/var/tmp/confab-sandbox-${createHash('sha256').update(wanted).digest('hex').slice(0, 12)}`;
  await mkdir(fallback, { mode: 0o711 }).catch(() => undefined);
  const info = await lstat(fallback);
  // /var/tmp is everyone's: a folder someone else made in advance is not ours to use.
  if (!info.isDirectory() || info.uid !== process.getuid?.()) {
    return { reason: `${fallback} exists and does not belong to this server` };
  }
  await chmod(fallback, 0o711);
  return fallback;
}

const PROBE_PYTHON = `
missing = []
for name in ('numpy', 'pandas', 'matplotlib'):
    try:
        __import__(name)
    except Exception:
        missing.append(name)
print('ok', ' '.join(missing))
`;

export async function detectSandbox(
  rootDir: string,
  limits: SandboxLimits,
  { forceRlimit = false, isDefaultRoot = false } = {},
): Promise<SandboxCapabilities> {
  const notes: string[] = [];
  const off = (reason: string): SandboxCapabilities => ({ status: { available: false, reason, languages: [], notes } });
  if (process.platform !== 'linux') return off('it needs Linux (namespaces and bubblewrap)');
  const bwrap = findTool('bwrap');
  if (!bwrap) return off('bubblewrap (bwrap) is not installed; run scripts/ensure-sandbox.sh');
  const prlimit = findTool('prlimit');
  if (!prlimit) return off('prlimit (util-linux) is not installed');
  const isRoot = process.getuid?.() === 0;
  const setpriv = isRoot ? findTool('setpriv') : undefined;
  if (isRoot && !setpriv) return off('the server runs as root and setpriv (util-linux) is missing to drop to nobody');
  const tools: SandboxTools = { bwrap, prlimit, ...(setpriv ? { setpriv } : {}) };

  const found = forceRlimit ? { reason: 'cgroups not used (forced)' } : await detectCgroups();
  const cgroups = found.backend;
  if (!cgroups) {
    notes.push(
      `Per-run memory and process limits fall back to rlimits (per process, and per user id for processes): ${found.reason}`,
    );
  }

  const root = await sandboxRoot(rootDir, isRoot, isDefaultRoot);
  if (typeof root !== 'string') return off(root.reason);
  if (root !== resolve(rootDir))
    notes.push(`Session folders are in ${root}: ${rootDir} is not reachable by uid ${SANDBOX_UID}`);
  const probeDir = await mkdtemp(join(root, '.probe-'));
  await chmod(probeDir, 0o711);
  const work = join(probeDir, 'work');
  await mkdir(work, { mode: 0o700 });
  if (isRoot) await chown(work, SANDBOX_UID, SANDBOX_UID);
  try {
    const probeLimits = { ...limits, wallTimeMs: 20_000, outputBytes: 64 * 1024 };
    const rlimitProcessBase = cgroups
      ? undefined
      : await countTasksOfUser(isRoot ? SANDBOX_UID : (process.getuid?.() ?? 0));
    const probe = async (lang: SandboxLanguage, code: string) => {
      const plan = await planLanguage(lang, code, []);
      if ('compileError' in plan) return { ok: false, output: plan.compileError };
      const outcome = await runSandboxed({
        tools,
        ...(cgroups ? { cgroups } : {}),
        workDir: work,
        plan,
        limits: probeLimits,
        fileBudgetBytes: limits.fileSizeBytes,
        ...(rlimitProcessBase !== undefined ? { rlimitProcessBase } : {}),
      });
      return { ok: outcome.exitCode === 0, output: `${outcome.stdout}${outcome.stderr}`.trim() };
    };
    const js = await probe('js', 'console.log("ok")');
    const py = await probe('py', PROBE_PYTHON);
    if (!js.ok && !py.ok) {
      return off(
        `bubblewrap cannot start a sandbox here (${(js.output || py.output).slice(0, 300)}); user namespaces may be disabled (kernel.unprivileged_userns_clone, AppArmor's restrict_unprivileged_userns) or blocked by a container's seccomp profile`,
      );
    }
    const languages: SandboxLanguage[] = [];
    if (py.ok) {
      languages.push('py');
      const missing = /^ok (.*)$/m.exec(py.output)?.[1]?.trim();
      if (missing) notes.push(`Python lacks ${missing}; run scripts/ensure-sandbox.sh`);
    } else {
      notes.push(`Python is unavailable in the sandbox (${PYTHON}): ${py.output.slice(0, 200)}`);
    }
    if (js.ok) languages.push('js', 'ts');
    else notes.push(`Node does not start in the sandbox: ${js.output.slice(0, 200)}`);
    return {
      status: { available: true, languages, limits: cgroups?.kind ?? 'rlimit', notes, sessionsDir: root },
      tools,
      ...(cgroups ? { cgroups } : {}),
      rootDir: root,
    };
  } finally {
    await rm(probeDir, { recursive: true, force: true });
  }
}
