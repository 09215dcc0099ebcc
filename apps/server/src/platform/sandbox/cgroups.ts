import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, readFile, readdir, rmdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import type { SandboxLimits } from './sandbox-types.js';

/**
 * One cgroup per run, under the server's own cgroup (so the server's own limits still cover its
 * runs): memory and processes (pids) enforced by the kernel for every process of the run
 * together, which rlimits cannot do when the server runs as root. cgroup v1 (separate
 * hierarchies per controller, as on this machine) and v2 (one unified tree, when the server's
 * cgroup lets it enable controllers below itself).
 */
export interface RunCgroup {
  /** The cgroup.procs files a process writes its pid into to join the run (before exec). */
  procsFiles: string[];
  /** Kernel counters: OOM kills in the run, and forks refused at the process limit. */
  readEvents(): Promise<{ oomKills: number; pidsRefused: number }>;
  peakMemoryBytes(): Promise<number | undefined>;
  /** SIGKILL every process of the run until none is left. */
  killAll(): Promise<void>;
  remove(): Promise<void>;
}

export interface CgroupBackend {
  kind: 'cgroup-v1' | 'cgroup-v2';
  createRun(limits: SandboxLimits): Promise<RunCgroup>;
}

const PARENT = 'confab-sandbox';
const PERIOD_US = 100_000;
let runCounter = 0;

interface Mount {
  root: string;
  mountPoint: string;
  fsType: string;
  superOptions: string[];
}

function parseMountInfo(text: string): Mount[] {
  return text
    .split('\n')
    .filter(Boolean)
    .map((line) => {
      const [left = '', right = ''] = line.split(' - ');
      const fields = left.split(' ');
      const [fsType = '', , superOptions = ''] = right.split(' ');
      return { root: fields[3] ?? '/', mountPoint: fields[4] ?? '', fsType, superOptions: superOptions.split(',') };
    });
}

/** The folder of this process's cgroup in a hierarchy mounted at `mount`. */
function ownFolder(mount: Mount, path: string): string {
  const relative = mount.root !== '/' && path.startsWith(mount.root) ? path.slice(mount.root.length) : path;
  return join(mount.mountPoint, relative);
}

const readNumber = async (file: string, key?: string): Promise<number> => {
  const text = await readFile(file, 'utf8').catch(() => '');
  if (key === undefined) return Number(text.trim()) || 0;
  const line = text.split('\n').find((l) => l.startsWith(`${key} `));
  return Number(line?.split(' ')[1] ?? 0) || 0;
};

async function readPids(file: string): Promise<number[]> {
  const text = await readFile(file, 'utf8').catch(() => '');
  return text.split('\n').filter(Boolean).map(Number);
}

async function killUntilEmpty(procsFile: string): Promise<void> {
  for (let round = 0; round < 500; round++) {
    const pids = await readPids(procsFile);
    if (!pids.length) return;
    for (const pid of pids) {
      try {
        process.kill(pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    await delay(10);
  }
}

async function removeFolder(folder: string): Promise<void> {
  // A cgroup whose last process is still being reaped refuses rmdir (EBUSY) for a moment.
  for (let attempt = 0; attempt < 100; attempt++) {
    try {
      await rmdir(folder);
      return;
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === 'ENOENT') return;
      if (code !== 'EBUSY') throw error;
      await delay(10);
    }
  }
}

const runName = () => `run-${process.pid}-${++runCounter}-${randomBytes(4).toString('hex')}`;

/** Runs left by a server that died mid-run (its pid is gone): their processes killed, folders removed. */
async function removeStaleRuns(parents: string[], procsOf: (folder: string) => string): Promise<void> {
  for (const parent of parents) {
    const names = await readdir(parent).catch(() => [] as string[]);
    for (const name of names) {
      const pid = Number(/^run-(\d+)-/.exec(name)?.[1]);
      if (!pid || pid === process.pid || existsSync(`/proc/${pid}`)) continue;
      await killUntilEmpty(procsOf(join(parent, name)));
      await removeFolder(join(parent, name)).catch(() => undefined);
    }
  }
}

function v1Backend(folders: { memory: string; pids: string; cpu?: string }): CgroupBackend {
  return {
    kind: 'cgroup-v1',
    async createRun(limits) {
      const name = runName();
      const memory = join(folders.memory, PARENT, name);
      const pids = join(folders.pids, PARENT, name);
      const cpu = folders.cpu ? join(folders.cpu, PARENT, name) : undefined;
      const made: string[] = [];
      const run: RunCgroup = {
        procsFiles: [],
        readEvents: async () => ({
          oomKills: await readNumber(join(memory, 'memory.oom_control'), 'oom_kill'),
          pidsRefused: await readNumber(join(pids, 'pids.events'), 'max'),
        }),
        peakMemoryBytes: () => readNumber(join(memory, 'memory.max_usage_in_bytes')),
        async killAll() {
          for (const folder of made) await killUntilEmpty(join(folder, 'cgroup.procs'));
        },
        async remove() {
          for (const folder of made) await removeFolder(folder);
        },
      };
      try {
        await mkdir(memory);
        made.push(memory);
        await writeFile(join(memory, 'memory.limit_in_bytes'), String(limits.memoryBytes));
        // Without swap accounting turned off, a run could page out past its limit.
        if (existsSync(join(memory, 'memory.memsw.limit_in_bytes'))) {
          await writeFile(join(memory, 'memory.memsw.limit_in_bytes'), String(limits.memoryBytes));
        }
        await mkdir(pids);
        made.push(pids);
        await writeFile(join(pids, 'pids.max'), String(limits.processes));
        if (cpu) {
          // The CPU quota is a courtesy to the other runs and the server, not isolation: a
          // hierarchy that refuses it leaves the run without one rather than failing it.
          await mkdir(cpu)
            .then(() => made.push(cpu))
            .then(() => writeFile(join(cpu, 'cpu.cfs_period_us'), String(PERIOD_US)))
            .then(() => writeFile(join(cpu, 'cpu.cfs_quota_us'), String(Math.round(limits.cpus * PERIOD_US))))
            .catch(() => undefined);
        }
      } catch (error) {
        await run.remove().catch(() => undefined);
        throw error;
      }
      run.procsFiles = made.map((f) => join(f, 'cgroup.procs'));
      return run;
    },
  };
}

function v2Backend(parent: string): CgroupBackend {
  return {
    kind: 'cgroup-v2',
    async createRun(limits) {
      const folder = join(parent, runName());
      await mkdir(folder);
      const run: RunCgroup = {
        procsFiles: [join(folder, 'cgroup.procs')],
        readEvents: async () => ({
          oomKills: await readNumber(join(folder, 'memory.events'), 'oom_kill'),
          pidsRefused: await readNumber(join(folder, 'pids.events'), 'max'),
        }),
        peakMemoryBytes: async () => (await readNumber(join(folder, 'memory.peak'))) || undefined,
        async killAll() {
          await writeFile(join(folder, 'cgroup.kill'), '1').catch(() => undefined);
          await killUntilEmpty(join(folder, 'cgroup.procs'));
        },
        remove: () => removeFolder(folder),
      };
      try {
        await writeFile(join(folder, 'memory.max'), String(limits.memoryBytes));
        await writeFile(join(folder, 'memory.swap.max'), '0').catch(() => undefined);
        await writeFile(join(folder, 'pids.max'), String(limits.processes));
        await writeFile(join(folder, 'cpu.max'), `${Math.round(limits.cpus * PERIOD_US)} ${PERIOD_US}`).catch(
          () => undefined,
        );
      } catch (error) {
        await run.remove().catch(() => undefined);
        throw error;
      }
      return run;
    },
  };
}

async function findV1(mounts: Mount[], own: Map<string, string>): Promise<CgroupBackend | string> {
  const folderOf = (controller: string) => {
    const mount = mounts.find((m) => m.fsType === 'cgroup' && m.superOptions.includes(controller));
    const path = [...own.entries()].find(([controllers]) => controllers.split(',').includes(controller))?.[1];
    return mount && path !== undefined ? ownFolder(mount, path) : undefined;
  };
  const memory = folderOf('memory');
  const pids = folderOf('pids');
  if (!memory || !pids) return 'the memory and pids cgroup controllers are not mounted';
  const cpu = folderOf('cpu');
  for (const folder of [memory, pids, ...(cpu ? [cpu] : [])]) await mkdir(join(folder, PARENT), { recursive: true });
  if (cpu) {
    // Runs together weigh half as much as the server when the cores are busy: chats stay quick.
    await writeFile(join(cpu, PARENT, 'cpu.shares'), '512').catch(() => undefined);
  }
  await removeStaleRuns(
    [memory, pids, ...(cpu ? [cpu] : [])].map((f) => join(f, PARENT)),
    (f) => join(f, 'cgroup.procs'),
  );
  return v1Backend({ memory, pids, cpu });
}

async function findV2(mounts: Mount[], path: string): Promise<CgroupBackend | string> {
  const mount = mounts.find((m) => m.fsType === 'cgroup2');
  if (!mount) return 'no cgroup hierarchy is mounted';
  const own = ownFolder(mount, path);
  const wanted = ['memory', 'pids'];
  const enabled = (await readFile(join(own, 'cgroup.subtree_control'), 'utf8')).split(/\s+/);
  if (!wanted.every((c) => enabled.includes(c))) {
    try {
      await writeFile(join(own, 'cgroup.subtree_control'), wanted.map((c) => `+${c}`).join(' '));
    } catch {
      return `cgroup v2: cannot enable the memory and pids controllers below ${own} (run the server in a delegated cgroup, e.g. systemd Delegate=yes)`;
    }
  }
  const parent = join(own, PARENT);
  await mkdir(parent, { recursive: true });
  await writeFile(join(parent, 'cgroup.subtree_control'), '+memory +pids').catch(() => undefined);
  await writeFile(join(parent, 'cgroup.subtree_control'), '+cpu').catch(() => undefined);
  await writeFile(join(parent, 'cpu.weight'), '50').catch(() => undefined);
  await removeStaleRuns([parent], (f) => join(f, 'cgroup.procs'));
  return v2Backend(parent);
}

/**
 * The cgroup backend this process can use, proven by creating (and removing) one run group;
 * otherwise why not, for the sandbox's status.
 */
export async function detectCgroups(): Promise<{ backend?: CgroupBackend; reason?: string }> {
  try {
    const mounts = parseMountInfo(await readFile('/proc/self/mountinfo', 'utf8'));
    const lines = (await readFile('/proc/self/cgroup', 'utf8')).split('\n').filter(Boolean);
    const own = new Map(
      lines.map((line) => {
        const [, controllers = '', path = '/'] = /^\d+:([^:]*):(.*)$/.exec(line) ?? [];
        return [controllers, path] as const;
      }),
    );
    const hasV1Memory = [...own.keys()].some((c) => c.split(',').includes('memory'));
    const found = hasV1Memory ? await findV1(mounts, own) : await findV2(mounts, own.get('') ?? '/');
    if (typeof found === 'string') return { reason: found };
    const probe = await found.createRun({
      wallTimeMs: 1000,
      memoryBytes: 64 * 1024 * 1024,
      processes: 8,
      outputBytes: 1024,
      fileSizeBytes: 1024,
      cpus: 1,
    });
    await probe.remove();
    return { backend: found };
  } catch (error) {
    const err = error as NodeJS.ErrnoException;
    const what = err.code === 'EACCES' || err.code === 'EROFS' || err.code === 'EPERM' ? 'not writable' : 'unusable';
    return { reason: `cgroups are ${what} for this server (${err.code ?? err.message})` };
  }
}
