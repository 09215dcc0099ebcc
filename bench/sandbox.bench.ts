/**
 * The local code sandbox (issue 37): cold and warm start of a Python run, memory per sandbox,
 * 10 runs at once on this machine, and the alternatives its parts were chosen against (Python
 * outside any sandbox, the rlimit fallback, TypeScript through tsx instead of esbuild).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createSandbox, type RunCodeRequest, type Sandbox } from '../apps/server/src/platform/sandbox/index.js';
import { percentile, round } from './lib/stats.js';

const RUNS = Number(process.env.BENCH_SANDBOX_RUNS ?? 10);
const CONCURRENT = 10;

const PROGRAMS: Record<string, Pick<RunCodeRequest, 'lang' | 'code'>> = {
  'python print': { lang: 'py', code: 'print(1)' },
  'python numpy + pandas': {
    lang: 'py',
    code: 'import numpy as np, pandas as pd\ndf = pd.DataFrame({"k": np.arange(100_000) % 10, "v": np.random.rand(100_000)})\nprint(df.groupby("k").v.mean().round(2).tolist())',
  },
  'python matplotlib PNG': {
    lang: 'py',
    code: 'import matplotlib.pyplot as plt\nplt.plot([1, 4, 9, 16])\nplt.savefig("plot.png")',
  },
  javascript: { lang: 'js', code: 'console.log([1, 2, 3].map((n) => n * n))' },
  'typescript (esbuild)': {
    lang: 'ts',
    code: 'const squares: number[] = [1, 2, 3].map((n: number) => n * n);\nconsole.log(squares);',
  },
};

const session = () => randomBytes(9).toString('base64url');
const ms = (values: number[], p: number) => round(percentile(values, p), 0);

/** Drops the page cache (root only) so the first run reads python and its packages from disk. */
function dropPageCache(): boolean {
  try {
    spawnSync('sync');
    writeFileSync('/proc/sys/vm/drop_caches', '3');
    return true;
  } catch {
    return false;
  }
}

async function timeRuns(sandbox: Sandbox, program: Pick<RunCodeRequest, 'lang' | 'code'>, runs: number) {
  const times: number[] = [];
  const peaks: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const result = await sandbox.runCode({ ...program, sessionId: session() });
    times.push(performance.now() - t0);
    if (result.exitCode !== 0) throw new Error(`${program.code}: ${result.stderr}`);
    if (result.peakMemoryBytes) peaks.push(result.peakMemoryBytes);
  }
  return { times, peaks };
}

function timeProcess(command: string, args: string[], runs: number): number[] {
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    spawnSync(command, args, { stdio: 'ignore' });
    times.push(performance.now() - t0);
  }
  return times;
}

async function concurrentRuns(sandbox: Sandbox, program: Pick<RunCodeRequest, 'lang' | 'code'>) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const t0 = performance.now();
  const latencies = await Promise.all(
    Array.from({ length: CONCURRENT }, async () => {
      const started = performance.now();
      const result = await sandbox.runCode({ ...program, sessionId: session() });
      if (result.exitCode !== 0) throw new Error(result.stderr);
      return performance.now() - started;
    }),
  );
  const total = performance.now() - t0;
  delay.disable();
  return { latencies, total, loopDelayP99: delay.percentile(99) / 1e6 };
}

export async function runSandboxBench(): Promise<{ rows: Record<string, unknown>[] }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'confab-bench-sandbox-'));
  // As a data folder made by mkdir is: bwrap (as nobody) passes through it to the sessions.
  chmodSync(dataDir, 0o711);
  const rows: Record<string, unknown>[] = [];
  try {
    const isCold = dropPageCache();
    const detectStart = performance.now();
    const sandbox = createSandbox({ rootDir: join(dataDir, 'sandbox'), maxConcurrent: CONCURRENT });
    const status = await sandbox.status();
    const detectMs = performance.now() - detectStart;
    if (!status.available) return { rows: [{ case: 'code sandbox', result: `skipped: ${status.reason}` }] };
    rows.push({
      case: `detection at start (${status.limits}${isCold ? ', page cache dropped' : ''})`,
      'p50 ms': round(detectMs, 0),
    });

    // Cold: the first Python run after the start, its files read from disk again.
    const cold = PROGRAMS['python numpy + pandas']!;
    if (isCold) dropPageCache();
    const t0 = performance.now();
    await sandbox.runCode({ ...cold, sessionId: session() });
    rows.push({
      case: `cold: first numpy + pandas run${isCold ? ' (page cache dropped)' : ''}`,
      'p50 ms': round(performance.now() - t0, 0),
    });

    for (const [name, program] of Object.entries(PROGRAMS)) {
      const { times, peaks } = await timeRuns(sandbox, program, RUNS);
      rows.push({
        case: `warm: ${name}, ${RUNS} runs`,
        'p50 ms': ms(times, 50),
        'p95 ms': ms(times, 95),
        'peak memory MB': peaks.length ? round(percentile(peaks, 50) / 1024 / 1024, 1) : '',
      });
    }

    const bare = timeProcess('/usr/bin/python3', ['-c', 'print(1)'], RUNS);
    const bareNumpy = timeProcess('/usr/bin/python3', ['-c', cold.code], RUNS);
    rows.push({
      case: `alternative: python print, no sandbox, ${RUNS} runs`,
      'p50 ms': ms(bare, 50),
      'p95 ms': ms(bare, 95),
    });
    rows.push({
      case: `alternative: numpy + pandas, no sandbox, ${RUNS} runs`,
      'p50 ms': ms(bareNumpy, 50),
      'p95 ms': ms(bareNumpy, 95),
    });
    const tsFile = join(dataDir, 'main.ts');
    writeFileSync(tsFile, PROGRAMS['typescript (esbuild)']!.code);
    const tsx = timeProcess(process.execPath, ['--import', 'tsx', tsFile], RUNS);
    const plainNode = timeProcess(process.execPath, ['-e', '0'], RUNS);
    rows.push({
      case: `alternative: TypeScript through tsx, no sandbox, ${RUNS} runs`,
      'p50 ms': ms(tsx, 50),
      'p95 ms': ms(tsx, 95),
    });
    rows.push({
      case: `alternative: bare node -e 0, ${RUNS} runs`,
      'p50 ms': ms(plainNode, 50),
      'p95 ms': ms(plainNode, 95),
    });

    const fallback = createSandbox({ rootDir: join(dataDir, 'sandbox-rlimit'), forceRlimit: true });
    await fallback.status();
    const viaRlimit = await timeRuns(fallback, PROGRAMS['python print']!, RUNS);
    rows.push({
      case: `alternative: python print, rlimits instead of cgroups, ${RUNS} runs`,
      'p50 ms': ms(viaRlimit.times, 50),
      'p95 ms': ms(viaRlimit.times, 95),
    });
    await fallback.close();

    for (const [maxConcurrent, label] of [
      [CONCURRENT, 'all at once'],
      [4, 'default SANDBOX_MAX_CONCURRENT=4'],
      [2, 'SANDBOX_MAX_CONCURRENT=2'],
    ] as const) {
      const limited = createSandbox({ rootDir: join(dataDir, `sandbox-${maxConcurrent}`), maxConcurrent });
      await limited.status();
      const { latencies, total, loopDelayP99 } = await concurrentRuns(limited, cold);
      rows.push({
        case: `${CONCURRENT} numpy + pandas runs at once, ${label}`,
        'p50 ms': ms(latencies, 50),
        'p95 ms': ms(latencies, 95),
        'total ms': round(total, 0),
        'server event loop p99 ms': round(loopDelayP99, 1),
      });
      await limited.close();
    }
    await sandbox.close();
    return { rows };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
