import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * ARCHITECTURE.md's layers, checked on every import of the server's product code (tests aside):
 * the test kits stay beside the tests (only the demo runs the simulator), and configuration,
 * platform, providers and the database know no feature.
 */
const SRC = join(import.meta.dirname, '../src');

function productFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return productFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

const IMPORT = /(?:^|\n)\s*(?:import|export)\b[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function importsOf(file: string): string[] {
  return [...readFileSync(file, 'utf8').matchAll(IMPORT)].map((m) => m[1] ?? m[2] ?? '');
}

const files = productFiles(SRC).map((file) => ({ path: relative(SRC, file), imports: importsOf(file) }));

describe('server layers', () => {
  it('reads the product code it checks', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.find((f) => f.path === 'app.ts')?.imports).toContain('fastify');
  });

  it('keeps the test kits out of the product code (the demo alone runs the simulator)', () => {
    const offenders = files
      .filter((f) => !f.path.startsWith('demo/'))
      .flatMap((f) =>
        f.imports.filter((i) => i.startsWith('@confab/testkit') || /(^|\/)test\//.test(i)).map((i) => `${f.path} → ${i}`),
      );
    expect(offenders).toEqual([]);
  });

  it('lets configuration, platform, providers and the database know no feature', () => {
    const offenders = files
      .filter((f) => /^(config|platform|providers|db)\//.test(f.path))
      .flatMap((f) => f.imports.filter((i) => /(^|\/)features\//.test(i)).map((i) => `${f.path} → ${i}`));
    expect(offenders).toEqual([]);
  });
});
