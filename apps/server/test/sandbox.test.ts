import { text } from 'node:stream/consumers';
import { afterAll, describe, expect, it } from 'vitest';
import { expectNoProcessWith, newMarker, newSessionId, startSandboxKit } from './sandbox-kit.js';

/** The local code sandbox (issue 37): what code can do in it. Its refusals: sandbox-hostile.test.ts. */
const kit = await startSandboxKit();
afterAll(() => kit.close());

async function readAll(stream: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}

describe.skipIf(!kit.status.available)(`code sandbox (${kit.status.reason ?? kit.status.limits})`, () => {
  const { sandbox } = kit;

  it('detects bubblewrap, cgroups and the three languages on this machine', () => {
    expect(kit.status.languages).toEqual(['py', 'js', 'ts']);
    expect(kit.status.limits).toMatch(/^cgroup/);
    expect(kit.status.notes).toEqual([]);
  });

  it('computes with numpy and pandas, draws a matplotlib PNG and writes a CSV it returns as files', async () => {
    const sessionId = newSessionId();
    const marker = newMarker();
    const result = await sandbox.runCode({
      lang: 'py',
      sessionId,
      args: [marker],
      code: [
        'import numpy as np, pandas as pd, matplotlib.pyplot as plt',
        'df = pd.DataFrame({"x": np.arange(1, 6), "y": np.arange(1, 6) ** 2})',
        'print(int(df.y.sum()), float(np.mean(df.x)))',
        'df.to_csv("squares.csv", index=False)',
        'plt.plot(df.x, df.y)',
        'plt.savefig("plot.png")',
      ].join('\n'),
    });
    expect(result).toMatchObject({ stdout: '55 3.0\n', exitCode: 0, outputTruncated: false });
    expect(result.killedBy).toBeUndefined();
    expect(result.files.map(({ name, path, mime }) => ({ name, path, mime }))).toEqual([
      { name: 'plot.png', path: 'plot.png', mime: 'image/png' },
      { name: 'squares.csv', path: 'squares.csv', mime: 'text/csv' },
    ]);
    const png = await readAll(await sandbox.openFile(sessionId, 'plot.png'));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.length).toBe(result.files[0]?.size);
    expect(await text(await sandbox.openFile(sessionId, 'squares.csv'))).toBe('x,y\n1,1\n2,4\n3,9\n4,16\n5,25\n');
    expect(result.peakMemoryBytes).toBeGreaterThan(1024 * 1024);
    expectNoProcessWith(marker);
  });

  it('runs JavaScript (CommonJS or module syntax) and TypeScript on the server’s Node', async () => {
    const sessionId = newSessionId();
    const cjs = await sandbox.runCode({
      lang: 'js',
      sessionId,
      code: 'console.log(require("node:path").join("a", "b"))',
    });
    expect(cjs).toMatchObject({ stdout: 'a/b\n', exitCode: 0 });
    const esm = await sandbox.runCode({
      lang: 'js',
      sessionId,
      code: 'import { writeFileSync } from "node:fs";\nawait Promise.resolve();\nwriteFileSync("out.json", JSON.stringify({ ok: true }));\nconsole.log(process.version);',
    });
    expect(esm).toMatchObject({ stdout: `${process.version}\n`, exitCode: 0 });
    expect(esm.files).toEqual([{ name: 'out.json', path: 'out.json', size: 11, mime: 'application/json' }]);
    const ts = await sandbox.runCode({
      lang: 'ts',
      sessionId,
      code: 'interface Point { x: number; y: number }\nconst p: Point = { x: 3, y: 4 };\nconst length = (q: Point): number => Math.hypot(q.x, q.y);\nconsole.log(length(p));',
    });
    expect(ts).toMatchObject({ stdout: '5\n', stderr: '', exitCode: 0 });
    const broken = await sandbox.runCode({ lang: 'ts', sessionId, code: 'const x: number = ;' });
    expect(broken.exitCode).toBe(1);
    expect(broken.stderr).toMatch(/main\.ts:1:\d+: error/);
  });

  it('keeps a session’s files for its next run, and takes files in', async () => {
    const sessionId = newSessionId();
    const first = await sandbox.runCode({
      lang: 'py',
      sessionId,
      code: 'open("state.txt", "w").write("from the first run")',
      files: [{ name: 'input.csv', data: 'a,b\n1,2\n' }],
    });
    expect(first.exitCode).toBe(0);
    // Files given in are not the run's products.
    expect(first.files.map((f) => f.path)).toEqual(['state.txt']);
    const second = await sandbox.runCode({
      lang: 'js',
      sessionId,
      code: 'const fs = require("fs"); console.log(fs.readFileSync("state.txt", "utf8"), fs.readFileSync("/mnt/data/input.csv", "utf8").trim())',
    });
    expect(second).toMatchObject({ stdout: 'from the first run a,b\n1,2\n', exitCode: 0, files: [] });
    await sandbox.removeSession(sessionId);
    const third = await sandbox.runCode({ lang: 'py', sessionId, code: 'import os; print(os.listdir("."))' });
    expect(third.stdout).toBe('[]\n');
  });

  it('reports a program’s own failure with its exit code and stderr', async () => {
    const result = await sandbox.runCode({
      lang: 'py',
      sessionId: newSessionId(),
      code: 'import sys\nprint("partial")\nsys.exit(3)',
    });
    expect(result).toMatchObject({ stdout: 'partial\n', exitCode: 3 });
    const error = await sandbox.runCode({ lang: 'py', sessionId: newSessionId(), code: '1 / 0' });
    expect(error.exitCode).toBe(1);
    expect(error.stderr).toContain('ZeroDivisionError');
  });

  it('stops a run when its request is aborted, leaving no process', async () => {
    const marker = newMarker();
    const controller = new AbortController();
    const started = Date.now();
    const running = sandbox.runCode({
      lang: 'py',
      sessionId: newSessionId(),
      args: [marker],
      code: 'import time\nprint("started", flush=True)\ntime.sleep(30)',
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 300);
    const result = await running;
    expect(result).toMatchObject({ aborted: true, exitCode: null });
    expect(Date.now() - started).toBeLessThan(10_000);
    expectNoProcessWith(marker);
  });
});
