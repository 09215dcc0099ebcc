/**
 * Where a browser's long tasks went, from a CDP CPU profile (Profiler.start/stop): the stretches
 * of samples with no idle between them that last over `minMs`, each with the app functions that
 * took its time. A sample in native code (canvas calls, layout, GC) counts for the innermost app
 * function above it, so "drawCaption" includes the text measuring it asks for. The built bundle's
 * source maps (apps/web/dist/assets/*.map) give the original file, line and name when
 * source-map-js is installed (it comes with Vite's PostCSS); otherwise the bundle positions stay.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}

export interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface BusyStretch {
  atMs: number;
  durationMs: number;
  /** App functions (or native work with no app caller) and the ms spent in them, most first. */
  top: { where: string; ms: number }[];
}

type Resolve = (url: string, line: number, column: number, name: string) => string;

async function sourceMapResolver(assetsDir: string): Promise<Resolve> {
  const fallback: Resolve = (url, line, column, name) =>
    `${name || '(anonymous)'} ${url.split('/').pop()}:${line + 1}:${column + 1}`;
  let SourceMapConsumer:
    | (new (map: unknown) => {
        originalPositionFor(p: { line: number; column: number }): {
          source: string | null;
          line: number | null;
          name: string | null;
        };
      })
    | undefined;
  try {
    SourceMapConsumer = ((await import('source-map-js')) as unknown as { SourceMapConsumer: typeof SourceMapConsumer })
      .SourceMapConsumer;
  } catch {
    return fallback;
  }
  const consumers = new Map<string, InstanceType<NonNullable<typeof SourceMapConsumer>> | null>();
  return (url, line, column, name) => {
    const file = url.split('/').pop() ?? '';
    if (!consumers.has(file)) {
      const mapPath = join(assetsDir, `${file}.map`);
      consumers.set(
        file,
        existsSync(mapPath) && SourceMapConsumer
          ? new SourceMapConsumer(JSON.parse(readFileSync(mapPath, 'utf8')))
          : null,
      );
    }
    const consumer = consumers.get(file);
    if (!consumer) return fallback(url, line, column, name);
    const original = consumer.originalPositionFor({ line: line + 1, column });
    if (!original.source) return fallback(url, line, column, name);
    const source = original.source.replace(/^(\.\.\/)+/, '').replace(/^.*node_modules\//, 'node_modules/');
    return `${original.name ?? name ?? '(anonymous)'} ${source}:${original.line}`;
  };
}

/** The profile's busy stretches over `minMs`, each with its `topN` app functions. */
export async function busyStretches(
  profile: CpuProfile,
  assetsDir: string,
  minMs = 50,
  topN = 6,
): Promise<BusyStretch[]> {
  const resolve = await sourceMapResolver(assetsDir);
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);
  const isApp = (node: ProfileNode) => node.callFrame.url.includes('/assets/');
  /** The innermost app frame at or above a sample's node, or the node itself when none. */
  const owner = (id: number): string => {
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = byId.get(at)!;
      if (isApp(node)) {
        const { url, lineNumber, columnNumber, functionName } = node.callFrame;
        return resolve(url, lineNumber, columnNumber, functionName);
      }
    }
    return byId.get(id)?.callFrame.functionName || '(native)';
  };

  const stretches: BusyStretch[] = [];
  let time = profile.startTime;
  let current: { start: number; end: number; spent: Map<string, number> } | undefined;
  const close = () => {
    if (current && (current.end - current.start) / 1000 > minMs)
      stretches.push({
        atMs: Math.round((current.start - profile.startTime) / 1000),
        durationMs: Math.round((current.end - current.start) / 1000),
        top: [...current.spent.entries()]
          .sort((a, b) => b[1] - a[1])
          .slice(0, topN)
          .map(([where, us]) => ({ where, ms: Math.round(us / 100) / 10 })),
      });
    current = undefined;
  };
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    time += delta;
    const node = byId.get(profile.samples[i]!)!;
    if (node.callFrame.functionName === '(idle)' || delta > 5_000) close();
    if (node.callFrame.functionName === '(idle)') continue;
    current ??= { start: time, end: time, spent: new Map() };
    const next = profile.timeDeltas[i + 1] ?? 0;
    current.end = time + next;
    const where = owner(node.id);
    current.spent.set(where, (current.spent.get(where) ?? 0) + next);
  }
  close();
  return stretches;
}
