import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildBwrapArgs } from './bwrap-args.js';
import { nodeInside } from './languages.js';
import { mimeOfFileName } from './mime.js';
import { assertSessionId, openWorkFile, producedFiles, sandboxSessionId, snapshotFolder } from './sessions.js';

/** The sandbox's pure parts, without bubblewrap (its runs: apps/server/test/sandbox*.test.ts). */
describe('the sandbox’s command line', () => {
  const args = buildBwrapArgs({
    fds: { workDir: 3, script: 4, etc: { passwd: 5 } },
    scriptName: 'main.py',
    readOnlyBinds: [],
    tmpBytes: 1024,
    env: { HOME: '/tmp' },
    command: ['/usr/bin/python3', '/sandbox/main.py'],
  });
  const pairs = args.map((arg, i) => `${arg} ${args[i + 1] ?? ''}`);

  it('unshares every namespace, forbids new user namespaces and clears the environment', () => {
    for (const flag of [
      '--unshare-all',
      '--unshare-user',
      '--disable-userns',
      '--die-with-parent',
      '--new-session',
      '--clearenv',
    ]) {
      expect(args).toContain(flag);
    }
    expect(pairs).toContain('--uid 65534');
    expect(args.indexOf('--clearenv')).toBeLessThan(args.indexOf('--setenv'));
  });

  it('binds /usr read-only, the working folder by descriptor, and no host /etc/passwd or data', () => {
    expect(args.slice(args.indexOf('--ro-bind'), args.indexOf('--ro-bind') + 3)).toEqual(['--ro-bind', '/usr', '/usr']);
    expect(pairs).toContain('--bind-fd 3');
    expect(
      args.filter((a) => a.startsWith('/') && !a.startsWith('/usr') && args[args.indexOf(a) - 1] === '--bind'),
    ).toEqual([]);
    expect(pairs).not.toContain('--ro-bind-try /etc/passwd');
    expect(pairs).toContain('--ro-bind-data 5');
    expect(pairs).toContain('--remount-ro /');
    expect(args.slice(-3)).toEqual(['--', '/usr/bin/python3', '/sandbox/main.py']);
  });

  it('finds a Node installed outside /usr through its read-only prefix', () => {
    expect(nodeInside('/usr/bin/node')).toEqual({ path: '/usr/bin/node' });
    expect(nodeInside('/root/.nvm/versions/node/v20.19.0/bin/node')).toEqual({
      path: '/opt/node/bin/node',
      bind: { source: '/root/.nvm/versions/node/v20.19.0', target: '/opt/node' },
    });
  });
});

describe('session folders', () => {
  const work = mkdtempSync(join(tmpdir(), 'confab-sandbox-parts-'));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it('gives each user a different session for the same conversation, and takes only plain ids', () => {
    expect(sandboxSessionId('user-a', 'c1')).not.toBe(sandboxSessionId('user-b', 'c1'));
    expect(() => assertSessionId(sandboxSessionId('user-a', 'c1'))).not.toThrow();
    for (const bad of ['', '../x', 'a/b', '.', 'x'.repeat(129)]) expect(() => assertSessionId(bad)).toThrow();
  });

  it('lists new and changed regular files, never links, with a type from the name', async () => {
    writeFileSync(join(work, 'old.txt'), 'same');
    const before = await snapshotFolder(work);
    writeFileSync(join(work, 'chart.PNG'), 'png');
    mkdirSync(join(work, 'out'));
    writeFileSync(join(work, 'out', 'table.csv'), 'a,b');
    symlinkSync('/etc/passwd', join(work, 'link'));
    const after = await snapshotFolder(work);
    expect(producedFiles(before, after)).toEqual([
      { name: 'chart.PNG', path: 'chart.PNG', size: 3, mime: 'image/png' },
      { name: 'table.csv', path: 'out/table.csv', size: 3, mime: 'text/csv' },
    ]);
    expect(mimeOfFileName('notes')).toBe('application/octet-stream');
  });

  it('opens a file of the folder, and refuses links, climbing out and folders', async () => {
    symlinkSync('/', join(work, 'root'));
    const stream = await openWorkFile(work, 'out/table.csv');
    expect(
      stream.read(3)?.toString() ??
        (await new Promise((r) => stream.once('readable', () => r(stream.read()?.toString())))),
    ).toBe('a,b');
    stream.destroy();
    execFileSync('mkfifo', [join(work, 'pipe')]);
    for (const path of ['link', 'root/etc/passwd', '../x', 'out', 'out/../old.txt', '', 'pipe']) {
      await expect(openWorkFile(work, path)).rejects.toThrow();
    }
  });
});
