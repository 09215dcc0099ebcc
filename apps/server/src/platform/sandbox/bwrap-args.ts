import { lstatSync, readlinkSync } from 'node:fs';

/**
 * bubblewrap's command line for one run. The sandbox sees a read-only /usr (and the /bin, /lib...
 * links into it), a made-up /etc of a few files, its own /proc and /dev, a private /tmp, and the
 * session's working folder at /mnt/data (where LibreChat's Code Interpreter keeps files too), the
 * one place that survives the run. It has new user, pid, network, mount, ipc and uts namespaces,
 * no environment of the server's, and cannot make user namespaces of its own.
 */

/** The uid and gid inside the sandbox (and, when the server is root, outside it too: nobody). */
export const SANDBOX_UID = 65534;
export const WORK_DIR_INSIDE = '/mnt/data';
export const SCRIPT_DIR_INSIDE = '/sandbox';

/** The made-up /etc: one user, so `getpass.getuser()` and `os.userInfo()` work. */
export const FAKE_ETC: Record<string, string> = {
  passwd: `sandbox:x:${SANDBOX_UID}:${SANDBOX_UID}:sandbox:/tmp:/usr/sbin/nologin\n`,
  group: `sandbox:x:${SANDBOX_UID}:\n`,
  hosts: '127.0.0.1 localhost sandbox\n::1 localhost\n',
};

/**
 * Host files the interpreters need and that say nothing about the server: the dynamic linker's
 * cache, Debian's alternatives (libblas for numpy), matplotlib's and fontconfig's settings.
 */
const HOST_ETC = ['ld.so.cache', 'alternatives', 'matplotlibrc', 'fonts'];

/** The top-level folders of a merged-/usr system are links into /usr; older systems have folders. */
function rootLinks(): string[] {
  return ['/bin', '/sbin', '/lib', '/lib32', '/lib64', '/libx32'].flatMap((path) => {
    try {
      const stat = lstatSync(path);
      if (stat.isSymbolicLink()) return ['--symlink', readlinkSync(path), path];
      return stat.isDirectory() ? ['--ro-bind', path, path] : [];
    } catch {
      return [];
    }
  });
}

export interface BwrapPlan {
  /** File descriptors (stdio indexes of the bwrap process) carrying the data bwrap reads. */
  fds: { workDir: number; script: number; etc: Record<string, number> };
  /** The program's file name inside /sandbox. */
  scriptName: string;
  /** Host folders bound read-only at the same path inside (a Node installed outside /usr). */
  readOnlyBinds: { source: string; target: string }[];
  /** Size of the private /tmp and /dev/shm. */
  tmpBytes: number;
  env: Record<string, string>;
  command: string[];
}

export function buildBwrapArgs(plan: BwrapPlan): string[] {
  const args = [
    '--unshare-all',
    '--unshare-user',
    '--disable-userns',
    '--die-with-parent',
    '--new-session',
    '--uid',
    String(SANDBOX_UID),
    '--gid',
    String(SANDBOX_UID),
    '--hostname',
    'sandbox',
    '--ro-bind',
    '/usr',
    '/usr',
    ...rootLinks(),
    '--dir',
    '/etc',
    ...HOST_ETC.flatMap((name) => ['--ro-bind-try', `/etc/${name}`, `/etc/${name}`]),
    ...Object.entries(plan.fds.etc).flatMap(([name, fd]) => ['--ro-bind-data', String(fd), `/etc/${name}`]),
    ...plan.readOnlyBinds.flatMap(({ source, target }) => ['--ro-bind', source, target]),
    '--proc',
    '/proc',
    '--dev',
    '/dev',
    '--size',
    String(plan.tmpBytes),
    '--tmpfs',
    '/dev/shm',
    // /dev is a tmpfs of bwrap's: its device nodes work read-only, and nothing else goes there.
    '--remount-ro',
    '/dev',
    '--size',
    String(plan.tmpBytes),
    '--tmpfs',
    '/tmp',
    '--dir',
    '/mnt',
    '--bind-fd',
    String(plan.fds.workDir),
    WORK_DIR_INSIDE,
    '--ro-bind-data',
    String(plan.fds.script),
    `${SCRIPT_DIR_INSIDE}/${plan.scriptName}`,
    '--chdir',
    WORK_DIR_INSIDE,
    // The root is bwrap's own tmpfs: read-only, nothing can be written beside /tmp and /mnt/data.
    '--remount-ro',
    '/',
    '--clearenv',
    ...Object.entries(plan.env).flatMap(([name, value]) => ['--setenv', name, value]),
    '--',
    ...plan.command,
  ];
  return args;
}
