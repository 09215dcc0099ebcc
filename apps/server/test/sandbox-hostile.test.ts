import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunCodeRequest } from '../src/platform/sandbox/index.js';
import { expectNoProcessWith, newMarker, newSessionId, startSandboxKit } from './sandbox-kit.js';

/**
 * Hostile code in the local sandbox (issue 37): each test asserts what the code could not do,
 * and that no process of the run outlived it. The server runs as root here, so none of this
 * rests on process limits alone.
 */
const kit = await startSandboxKit();
const fallback = await startSandboxKit({ forceRlimit: true });
afterAll(async () => {
  await kit.close();
  await fallback.close();
});

async function run(
  request: Omit<RunCodeRequest, 'sessionId' | 'args'> & { sessionId?: string },
  sandbox = kit.sandbox,
) {
  const marker = newMarker();
  const result = await sandbox.runCode({ sessionId: newSessionId(), ...request, args: [marker] });
  expectNoProcessWith(marker);
  return result;
}

describe.skipIf(!kit.status.available)(
  `hostile code in the sandbox (${kit.status.reason ?? kit.status.limits})`,
  () => {
    let listener: Server;
    let port = 0;
    let connections = 0;
    beforeAll(async () => {
      listener = createServer((socket) => {
        connections++;
        socket.destroy();
      });
      await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
      port = (listener.address() as { port: number }).port;
    });
    afterAll(() => new Promise<void>((resolve) => listener.close(() => resolve())));

    it('cannot read the host’s /etc/passwd: it sees a made-up one', async () => {
      const result = await run({
        lang: 'py',
        code: 'print(open("/etc/passwd").read(), end="")\nimport os\nprint(os.path.exists("/etc/shadow"))',
      });
      const host = readFileSync('/etc/passwd', 'utf8');
      expect(result.stdout).not.toContain(host.split('\n')[0]);
      expect(result.stdout).toBe('sandbox:x:65534:65534:sandbox:/tmp:/usr/sbin/nologin\nFalse\n');
    });

    it('cannot read the data folder, the secrets file or the server’s environment', async () => {
      process.env.CONFAB_SANDBOX_TEST_SECRET = kit.secret;
      try {
        const code = [
          'import os',
          `for path in [${JSON.stringify(kit.secretsFile)}, "../../secrets.json", "../../../secrets.json", "/proc/1/environ", "/proc/self/environ"]:`,
          '    try:',
          '        print(path, open(path, "rb").read())',
          '    except OSError as e:',
          '        print(path, type(e).__name__)',
          `print(os.path.exists(${JSON.stringify(kit.dataDir)}), sorted(os.environ))`,
          'print(sorted(p for p in os.listdir("/proc") if p.isdigit()))',
        ].join('\n');
        const result = await run({ lang: 'py', code });
        expect(result.exitCode).toBe(0);
        expect(result.stdout).not.toContain(kit.secret);
        expect(result.stdout).toContain(`${kit.secretsFile} FileNotFoundError`);
        expect(result.stdout).toContain('../../secrets.json FileNotFoundError');
        // Only the sandbox's own processes: bwrap's reaper (1) and the program.
        expect(result.stdout).toContain("\n['1', '2']\n");
        expect(result.stdout).toContain("False ['HOME', 'LANG', 'MKL_NUM_THREADS', 'MPLBACKEND'");
        const js = await run({ lang: 'js', code: 'console.log(JSON.stringify(process.env))' });
        expect(js.stdout).not.toContain(kit.secret);
        expect(Object.keys(JSON.parse(js.stdout) as object)).not.toContain('CONFAB_SANDBOX_TEST_SECRET');
      } finally {
        delete process.env.CONFAB_SANDBOX_TEST_SECRET;
      }
    });

    it('cannot connect to the server on 127.0.0.1, nor to any address', async () => {
      const code = [
        'import socket',
        `for host, port in [("127.0.0.1", ${port}), ("8.8.8.8", 53), ("10.0.0.1", 80), ("::1", ${port})]:`,
        '    try:',
        '        socket.create_connection((host, port), timeout=2)',
        '        print(host, "connected")',
        '    except OSError as e:',
        '        print(host, type(e).__name__)',
        'print(sorted(name for _, name in socket.if_nameindex()))',
      ].join('\n');
      const result = await run({ lang: 'py', code });
      expect(result.stdout).not.toContain('connected');
      expect(result.stdout).toContain('127.0.0.1 ConnectionRefusedError');
      expect(result.stdout).toContain("['lo']");
      const js = await run({
        lang: 'js',
        code: `const s = require('net').connect(${port}, '127.0.0.1'); s.on('connect', () => console.log('connected')); s.on('error', (e) => console.log(e.code));`,
      });
      expect(js.stdout).toBe('ECONNREFUSED\n');
      expect(connections).toBe(0);
    });

    it('cannot fork without bound: the run is stopped at its process limit', async () => {
      const code = 'import os\nwhile True:\n    try:\n        os.fork()\n    except OSError:\n        pass';
      const result = await run({ lang: 'py', code, limits: { processes: 16, wallTimeMs: 20_000 } });
      expect(result.killedBy).toBe('processes');
      expect(result.durationMs).toBeLessThan(10_000);
    });

    it('cannot loop forever: the wall time kills the run and every process it started', async () => {
      const code = 'import subprocess\nsubprocess.Popen(["sleep", "300"])\nwhile True:\n    pass';
      const result = await run({ lang: 'py', code, limits: { wallTimeMs: 1500 } });
      expect(result).toMatchObject({ killedBy: 'wall-time', exitCode: null });
      expect(result.durationMs).toBeGreaterThanOrEqual(1500);
      expect(result.durationMs).toBeLessThan(8000);
    });

    it('cannot allocate 8 GB: the memory limit kills it', async () => {
      const result = await run({
        lang: 'py',
        code: 'x = b"x" * (8 * 1024 ** 3)\nprint("allocated")',
        limits: { memoryBytes: 128 * 1024 * 1024 },
      });
      expect(result.killedBy).toBe('memory');
      expect(result.stdout).toBe('');
      const js = await run({
        lang: 'js',
        code: 'const a = []; for (;;) a.push(Buffer.alloc(64 * 1024 * 1024, 1));',
        limits: { memoryBytes: 128 * 1024 * 1024 },
      });
      expect(js.killedBy).toBe('memory');
    });

    it('cannot print 1 GB: output is cut at its limit and the run killed past the hard cap', async () => {
      const code = 'import sys\nchunk = "x" * 65536\nfor _ in range(16384):\n    sys.stdout.write(chunk)';
      const result = await run({ lang: 'py', code, limits: { outputBytes: 64 * 1024 } });
      expect(result).toMatchObject({ killedBy: 'output', outputTruncated: true });
      expect(result.stdout.length + result.stderr.length).toBeLessThanOrEqual(64 * 1024);
    });

    it('cannot write past its file size limit; the run keeps none of its files', async () => {
      const sessionId = newSessionId();
      const code = 'with open("big.bin", "wb") as f:\n    for _ in range(10):\n        f.write(b"x" * 1024 * 1024)';
      const result = await run({ lang: 'py', sessionId, code, limits: { fileSizeBytes: 2 * 1024 * 1024 } });
      expect(result.killedBy).toBe('file-size');
      expect(result.stderr).toContain('File too large');
      expect(result.files).toEqual([]);
      const after = await run({ lang: 'py', sessionId, code: 'import os\nprint(os.listdir("."))' });
      expect(after.stdout).toBe('[]\n');
      // Empty files by the thousand: each counts a block, so they meet the same limit.
      const many =
        'import os, time\nos.mkdir("many")\nfor i in range(30000):\n    open(f"many/{i}", "w").close()\ntime.sleep(30)';
      const flood = await run({
        lang: 'py',
        sessionId,
        code: many,
        limits: { fileSizeBytes: 2 * 1024 * 1024, wallTimeMs: 20_000 },
      });
      expect(flood.killedBy).toBe('file-size');
      expect(flood.durationMs).toBeLessThan(10_000);
      const emptied = await run({ lang: 'py', sessionId, code: 'import os\nprint(os.listdir("."))' });
      expect(emptied.stdout).toBe('[]\n');
    });

    it('cannot write outside its working folder, through a link either, nor make the server follow one', async () => {
      const sessionId = newSessionId();
      const victim = join(kit.dataDir, 'victim.txt');
      writeFileSync(victim, 'untouched');
      const code = [
        'import os',
        `os.symlink(${JSON.stringify(victim)}, "to-victim")`,
        'os.symlink("/etc/passwd", "to-passwd")',
        'os.symlink("/", "to-root")',
        `for path in ["/etc/evil", "/usr/evil", "/evil", "/mnt/evil", "/sandbox/main.py", ${JSON.stringify(join(kit.dataDir, 'evil'))}, "to-victim", "to-passwd"]:`,
        '    try:',
        '        open(path, "w").write("owned")',
        '        print(path, "written")',
        '    except OSError as e:',
        '        print(path, type(e).__name__)',
      ].join('\n');
      const result = await run({ lang: 'py', sessionId, code });
      expect(result.stdout).not.toContain('written');
      expect(result.files).toEqual([]);
      expect(readFileSync(victim, 'utf8')).toBe('untouched');
      // The server never follows what the code left: not to read, not to write a file given in.
      await expect(kit.sandbox.openFile(sessionId, 'to-victim')).rejects.toThrow();
      await expect(kit.sandbox.openFile(sessionId, 'to-root/etc/passwd')).rejects.toThrow();
      await run({ lang: 'py', sessionId, code: 'pass', files: [{ name: 'to-victim', data: 'given in' }] });
      expect(readFileSync(victim, 'utf8')).toBe('untouched');
    });

    it('cannot read another session’s files', async () => {
      const mine = newSessionId();
      const written = await run({
        lang: 'py',
        sessionId: mine,
        code: `open("private.txt", "w").write(${JSON.stringify(kit.secret)})`,
      });
      expect(written.files.map((f) => f.path)).toEqual(['private.txt']);
      const sessionsDir = kit.status.sessionsDir ?? '';
      const code = [
        'import os',
        'print(os.listdir("."), os.listdir("/mnt"))',
        `for path in ["../${mine}/work/private.txt", ${JSON.stringify(join(sessionsDir, mine, 'work', 'private.txt'))}]:`,
        '    try:',
        '        print(open(path).read())',
        '    except OSError as e:',
        '        print(type(e).__name__)',
      ].join('\n');
      const other = await run({ lang: 'py', code });
      expect(other.stdout).toBe("[] ['data']\nFileNotFoundError\nFileNotFoundError\n");
    });
  },
);

describe.skipIf(!fallback.status.available)('hostile code without cgroups (the rlimit fallback)', () => {
  it('says it is weaker, and still bounds memory and processes with no process left', async () => {
    expect(fallback.status.limits).toBe('rlimit');
    expect(fallback.status.notes.join(' ')).toContain('fall back to rlimits');
    const numbers = await run(
      { lang: 'py', code: 'import numpy, pandas\nprint(numpy.arange(4).sum())' },
      fallback.sandbox,
    );
    expect(numbers.stdout).toBe('6\n');
    const memory = await run(
      {
        lang: 'py',
        code: 'x = b"x" * (8 * 1024 ** 3)\nprint("allocated")',
        limits: { memoryBytes: 256 * 1024 * 1024 },
      },
      fallback.sandbox,
    );
    expect(memory.stdout).toBe('');
    expect(memory.stderr).toContain('MemoryError');
    const forks = await run(
      {
        lang: 'py',
        code: 'import os\nn = 0\nwhile n < 200:\n    try:\n        os.fork()\n    except OSError:\n        break\n    n += 1\nprint("stopped")',
        limits: { processes: 16, wallTimeMs: 5000 },
      },
      fallback.sandbox,
    );
    expect(forks.stdout).toContain('stopped');
    const node = await run({ lang: 'js', code: 'console.log(1 + 1)' }, fallback.sandbox);
    expect(node.stdout).toBe('2\n');
  });
});
